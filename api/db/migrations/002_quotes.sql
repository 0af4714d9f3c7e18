-- Quotes (doc 3 section 3, POST /api/policy/quote) and the single-use links of the quote e-mail.
--
-- A quote keeps what it was priced from (request), what the shopper was shown (response), and the
-- rate-table version it was priced with (DESIGN.md "Rating"). The lookup of doc 1 section 7 finds it by
-- e-mail (any letter case), the insured's date of birth and the mailing ZIP: one index on the three.
-- request_hash lets a repeated identical request within minutes answer the quote already made.
CREATE TABLE quotes (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  quote_number text NOT NULL UNIQUE,
  status text NOT NULL DEFAULT 'QUOTE',
  email_lower text NOT NULL,
  dob date NOT NULL,
  zip char(5) NOT NULL,
  rated_state char(2) NOT NULL,
  rate_table_version text NOT NULL,
  request_hash text NOT NULL,
  request jsonb NOT NULL,
  response jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX quotes_lookup ON quotes (email_lower, dob, zip, created_at DESC);
CREATE INDEX quotes_request_hash ON quotes (request_hash, created_at DESC);

-- The link in the quote e-mail. Only the SHA-256 of the token is stored: a copy of this table opens
-- nothing. A link opens its quote once (used_at) and until expires_at.
CREATE TABLE quote_links (
  token_hash text PRIMARY KEY,
  quote_id integer NOT NULL REFERENCES quotes (id) ON DELETE CASCADE,
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);
CREATE INDEX quote_links_quote_id ON quote_links (quote_id);
CREATE INDEX quote_links_expires_at ON quote_links (expires_at);
