-- The policy's paperwork (issue 8): its PDFs, the e-signature of its application, and the odometer
-- readings that must arrive before it is issued (doc 3 section 2, step 7).
--
-- PDFs and photos live in the blob store (api/blobs/); rows here name them by key and keep their hash.

ALTER TABLE policies ADD COLUMN issued_at timestamptz;
-- Onboarding reminders sent while the signature or an initial reading is missing (0, 1 or 2)
ALTER TABLE policies ADD COLUMN onboarding_reminders integer NOT NULL DEFAULT 0;

-- Every generated document is kept; the documents page shows the newest of each kind (doc 1 section 2).
CREATE TABLE policy_documents (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  policy_id integer NOT NULL REFERENCES policies (id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('card', 'declaration', 'application', 'signed-application')),
  -- the policy's status the document was made for: a BOUND card says binder, an ISSUED one does not
  stage text NOT NULL CHECK (stage IN ('BOUND', 'ISSUED')),
  blob_key text NOT NULL UNIQUE,
  byte_size integer NOT NULL,
  sha256 char(64) NOT NULL,
  created_at timestamptz NOT NULL
);
CREATE INDEX policy_documents_newest ON policy_documents (policy_id, kind, created_at DESC);

-- The application's electronic signature (ESIGN Act, UETA): consent, intent (the typed name and the Sign
-- button), association (the SHA-256 of the exact PDF signed) and retention (the signed copy). IP address
-- and user agent are kept here only, never in a log. One signature per policy.
CREATE TABLE esignatures (
  policy_id integer PRIMARY KEY REFERENCES policies (id) ON DELETE CASCADE,
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

-- Every odometer photo sent, with what was decided about it. A reading counts once it is 'verified'
-- (both OCR passes agree with the typed reading and it is plausible) or 'approved' by a person;
-- 'needs_review' waits for a person; 'rejected' (at once) and 'declined' (by a person) do not count.
CREATE TABLE odometer_readings (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  policy_id integer NOT NULL,
  car_number integer NOT NULL,
  typed_reading integer NOT NULL CHECK (typed_reading >= 0),
  ocr_first text,
  ocr_second text,
  status text NOT NULL CHECK (status IN ('verified', 'needs_review', 'rejected', 'approved', 'declined')),
  reasons jsonb NOT NULL DEFAULT '[]',
  -- what the person was told (rejected, declined)
  message text,
  photo_blob_key text NOT NULL,
  photo_content_type text NOT NULL,
  captured_at timestamptz,
  created_at timestamptz NOT NULL,
  reviewed_at timestamptz,
  -- the reading a reviewer read on the photo, when it differs from the typed one
  reviewed_reading integer CHECK (reviewed_reading >= 0),
  FOREIGN KEY (policy_id, car_number) REFERENCES policy_vehicles (policy_id, car_number) ON DELETE CASCADE
);
CREATE INDEX odometer_readings_vehicle ON odometer_readings (policy_id, car_number, created_at DESC);
CREATE INDEX odometer_readings_review ON odometer_readings (created_at) WHERE status = 'needs_review';
