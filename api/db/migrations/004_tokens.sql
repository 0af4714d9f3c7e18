-- Every single-use or expiring token (api/tokens/tokens.ts): quote links, hand-overs, account
-- confirmations, and the documents, e-sign, odometer, reset and magic links that follow.
--
-- Only the SHA-256 of a token is stored, so a copy of this table opens nothing. A token is bound to one
-- purpose (a quote link cannot be spent as a hand-over) and to one subject: the row it opens (subject_id,
-- e.g. a quote's id) and, where the token carries data of its own (a hand-over's wizard answers), payload,
-- which is erased when the token is spent. used_at makes a single-use token single use.
CREATE TABLE tokens (
  token_hash text PRIMARY KEY,
  purpose text NOT NULL,
  subject_id bigint,
  payload jsonb,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);
CREATE INDEX tokens_subject ON tokens (purpose, subject_id);
CREATE INDEX tokens_expires_at ON tokens (expires_at);

-- The quote e-mail's links move here, unchanged: same hashes, same expiry, same use.
INSERT INTO tokens (token_hash, purpose, subject_id, created_at, expires_at, used_at)
SELECT l.token_hash, 'quote-link', l.quote_id, q.created_at, l.expires_at, l.used_at
FROM quote_links l JOIN quotes q ON q.id = l.quote_id;
DROP TABLE quote_links;
