-- Save My Quote (doc 1 section 4, POST /api/user/update; api/account/): the quotes a signed-in person put in
-- their account. Only quotes made with the account's own e-mail address are saved (the route checks it), so
-- this row adds no access the mailbox's owner did not have; it decides what the account lists.
CREATE TABLE account_quotes (
  account_id bigint NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  quote_id integer NOT NULL REFERENCES quotes (id) ON DELETE CASCADE,
  saved_at timestamptz NOT NULL,
  PRIMARY KEY (account_id, quote_id)
);
CREATE INDEX account_quotes_quote ON account_quotes (quote_id);
