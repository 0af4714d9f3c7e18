-- Consent to electronic delivery, and the notices posted without it (api/policies/records.ts owns
-- delivery_consents, api/notices/ posted_notices, api/payments/ bind_attempts).
--
-- 1. bind_attempts.electronic_delivery_consent: the consent's words as the bind request carried them
--    (contract ELECTRONIC_DELIVERY_CONSENT), or null when the buyer did not tick it. Kept on the attempt as
--    card_consent is, because the policy may be written later by whoever settles the attempt (a 3-D Secure
--    completion, the provider's webhook, the settlement job).
-- 2. delivery_consents: a policy's consent to receive its bills and notices by e-mail, with the exact words
--    the buyer agreed to and when (the attempt's time, as for the kept card), written in the transaction that
--    writes the policy. withdrawn_at ends it; at most one consent per channel is in force. Policies bound
--    before this migration have no row: their notices are posted until they consent.
-- 3. posted_notices: a bill or notice of a policy without that consent, queued for the team to print and post:
--    the mailing address as it was when the notice was made (one line each, so a later change of address
--    cannot change where a notice was sent), the PDF in the blob store (api/blobs/; its key, size and
--    SHA-256 here, as policy_documents keeps them), and when and by whom it was put in the post.

ALTER TABLE bind_attempts ADD COLUMN electronic_delivery_consent text;

CREATE TABLE delivery_consents (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  policy_id integer NOT NULL REFERENCES policies (id) ON DELETE CASCADE,
  channel text NOT NULL CHECK (channel IN ('email')),
  consent_text text NOT NULL,
  consented_at timestamptz NOT NULL,
  withdrawn_at timestamptz,
  CHECK (withdrawn_at IS NULL OR withdrawn_at >= consented_at)
);
CREATE UNIQUE INDEX delivery_consents_in_force ON delivery_consents (policy_id, channel) WHERE withdrawn_at IS NULL;

CREATE TABLE posted_notices (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  policy_id integer NOT NULL REFERENCES policies (id) ON DELETE CASCADE,
  -- 'bill', 'payment-failed', 'cancellation-notice', ... (api/notices/notices.ts NoticeKind)
  kind text NOT NULL CHECK (kind ~ '^[a-z][a-z-]{0,62}$'),
  address_lines jsonb NOT NULL,
  pdf_filename text NOT NULL,
  blob_key text NOT NULL,
  byte_size integer NOT NULL,
  sha256 text NOT NULL,
  created_at timestamptz NOT NULL,
  posted_at timestamptz,
  posted_by text,
  CHECK ((posted_at IS NULL) = (posted_by IS NULL))
);
CREATE INDEX posted_notices_waiting ON posted_notices (created_at) WHERE posted_at IS NULL;
CREATE INDEX posted_notices_policy ON posted_notices (policy_id);
