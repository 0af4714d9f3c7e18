-- Filed claims (First Notice of Loss, POST /api/contact/claims; api/claims/).
-- reference: what the claimant reads on the phone (CLM-XXXX-XXXX, api/claims/reference.ts), unique.
-- claim: the answers as sent (contract ClaimRequest), kept whole for the claims team.
-- idempotency_key and request_hash: a retried or double-clicked submit under the same key answers the
-- first claim's reference and files nothing; the same key with other answers is refused.
CREATE TABLE claims (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  reference text NOT NULL UNIQUE,
  claim jsonb NOT NULL,
  idempotency_key text NOT NULL UNIQUE,
  request_hash text NOT NULL,
  created_at timestamptz NOT NULL
);

-- The damage photos of a claim: the bytes live in the blob store under blob_key (api/blobs/).
CREATE TABLE claim_photos (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  claim_id bigint NOT NULL REFERENCES claims (id) ON DELETE CASCADE,
  position smallint NOT NULL,
  blob_key text NOT NULL,
  content_type text NOT NULL,
  size_bytes integer NOT NULL CHECK (size_bytes > 0),
  UNIQUE (claim_id, position)
);
