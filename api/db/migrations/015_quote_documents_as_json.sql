-- The quote call's documents are stored as json, the text as written (checked to be JSON), instead of jsonb
-- (issue 11). Nothing looks inside them in SQL: a quote's request and answer and a queued message are written
-- whole and read whole, and a stored answer is sent as it is. jsonb's binary form, built on every write and
-- turned back into text on every read, was some 0.5 ms of PGlite's CPU per quote (about 15 KB: the request,
-- the answer and the e-mail), a tenth of the quote call. A stored answer now reads back exactly as it was
-- first sent, key order and all.
ALTER TABLE quotes
  ALTER COLUMN request TYPE json USING request::json,
  ALTER COLUMN response TYPE json USING response::json;
ALTER TABLE quote_versions
  ALTER COLUMN request TYPE json USING request::json,
  ALTER COLUMN response TYPE json USING response::json;
ALTER TABLE mail_queue ALTER COLUMN message TYPE json USING message::json;
