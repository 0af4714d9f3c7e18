-- The account's card requests and the renewal of a policy (issue 9; api/account/, api/renewals/).

-- An ID card asked for from the account (POST /api/user/request_card). 'mail' rows wait for the post room
-- (status 'requested'); 'electronic' rows record that the card was e-mailed (status 'emailed'). The VINs are
-- the vehicles the person ticked, checked against the policy's own.
CREATE TABLE card_requests (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  policy_id integer NOT NULL REFERENCES policies (id) ON DELETE CASCADE,
  account_id bigint REFERENCES accounts (id) ON DELETE SET NULL,
  vins text[] NOT NULL,
  delivery text NOT NULL CHECK (delivery IN ('electronic', 'mail')),
  status text NOT NULL CHECK (status IN ('requested', 'emailed', 'posted')),
  created_at timestamptz NOT NULL
);
CREATE INDEX card_requests_open ON card_requests (created_at) WHERE status = 'requested';
CREATE INDEX card_requests_policy ON card_requests (policy_id);

-- The next term of a policy, priced 30 days before the term ends (api/renewals/run.ts) with the rate table
-- in force on the day the next term starts. One renewal per policy and term, held by the database itself:
-- two replicas (or the daily job and `npm run renew`) racing each other make one renewal and send one e-mail.
-- answer is the priced next term in the quote response's shape (contract QuotePolicy); the renewal's
-- application and declarations are policy_documents of the policy.
CREATE TABLE renewals (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  policy_id integer NOT NULL REFERENCES policies (id) ON DELETE CASCADE,
  term_start date NOT NULL,
  term_end date NOT NULL CHECK (term_end > term_start),
  rate_table_version text NOT NULL,
  answer jsonb NOT NULL,
  -- 'offered' until the renewal application is signed, then 'signed' (013 adds 'in_force' and 'lapsed')
  status text NOT NULL DEFAULT 'offered' CHECK (status IN ('offered', 'signed')),
  application_document_id bigint NOT NULL REFERENCES policy_documents (id),
  declaration_document_id bigint NOT NULL REFERENCES policy_documents (id),
  created_at timestamptz NOT NULL,
  signed_at timestamptz,
  UNIQUE (policy_id, term_start)
);

-- The renewal application's electronic signature: the same record as esignatures (consent, intent,
-- association by SHA-256, retention), one per renewal. IP address and user agent are kept here only.
CREATE TABLE renewal_esignatures (
  renewal_id integer PRIMARY KEY REFERENCES renewals (id) ON DELETE CASCADE,
  application_document_id bigint NOT NULL REFERENCES policy_documents (id),
  signed_document_id bigint NOT NULL REFERENCES policy_documents (id),
  signer_name text NOT NULL,
  consent_text text NOT NULL,
  consented_at timestamptz NOT NULL,
  signed_at timestamptz NOT NULL,
  document_sha256 char(64) NOT NULL,
  ip_address text NOT NULL,
  user_agent text NOT NULL
);

-- The renewal's own documents beside the policy's: the next term's application and declarations.
ALTER TABLE policy_documents DROP CONSTRAINT policy_documents_kind_check;
ALTER TABLE policy_documents ADD CONSTRAINT policy_documents_kind_check
  CHECK (kind IN ('card', 'declaration', 'application', 'signed-application', 'renewal-application', 'renewal-declaration'));

-- Jobs that one replica at a time may run (api/renewals/lease.ts): whoever moves leased_until forward in one
-- statement holds the job until then; last_day records the day a daily job last finished, so it runs once a
-- day whichever replica wakes first.
CREATE TABLE job_leases (
  name text PRIMARY KEY,
  holder text,
  leased_until timestamptz NOT NULL,
  last_day date
);
