-- Re-pricing keeps the quote number (issue 11; api/quotes/create-quote.ts): a shopper who changes a plan or a
-- coverage after the quote was made, and sends its number with the new request, gets the same number back
-- with the new figures. The quotes row always holds the version in force (every reader, the bind and the
-- e-mailed link included, reads the row and so gets the figures the shopper continued with); each version it
-- replaces is copied to quote_versions first, so what a shopper was shown at any time stays on record.
--
-- version   1 for the quote as made, one more for each re-price.
-- priced_at when the version in force was priced (created_at stays the day the number was issued); the
--           identical-request shortcut compares with it.
-- mailed_at when the quote's e-mail was queued: it goes once per number. NULL while it has not gone (the
--           recipient's hourly limit was reached), so a later re-price can still send it. Quotes made before
--           this migration count as mailed: none is e-mailed twice.
ALTER TABLE quotes ADD COLUMN version integer NOT NULL DEFAULT 1;
ALTER TABLE quotes ADD COLUMN priced_at timestamptz;
UPDATE quotes SET priced_at = created_at;
ALTER TABLE quotes ALTER COLUMN priced_at SET NOT NULL;
-- A server still running the code before this migration (a rolling deploy) inserts quotes without it.
ALTER TABLE quotes ALTER COLUMN priced_at SET DEFAULT now();
ALTER TABLE quotes ADD COLUMN mailed_at timestamptz;
UPDATE quotes SET mailed_at = created_at;

DROP INDEX quotes_request_hash;
CREATE INDEX quotes_request_hash ON quotes (request_hash, priced_at DESC);

-- The versions a re-price replaced, as they were in the quotes row. The key makes a lost version impossible:
-- two re-prices of one quote that both read version n cannot both store it (they also queue on the row's
-- lock first).
CREATE TABLE quote_versions (
  quote_id integer NOT NULL REFERENCES quotes (id) ON DELETE CASCADE,
  version integer NOT NULL,
  rated_state char(2) NOT NULL,
  rate_table_version text NOT NULL,
  request_hash text NOT NULL,
  request jsonb NOT NULL,
  response jsonb NOT NULL,
  priced_at timestamptz NOT NULL,
  PRIMARY KEY (quote_id, version)
);
