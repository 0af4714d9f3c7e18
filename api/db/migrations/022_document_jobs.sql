-- The documents job (issue 20): one queue of "render the documents of policy P as its rows stand now",
-- written by every use case that changes what a document prints (bind, lienholder, e-signature, issue) in
-- the same transaction as the change, so a crash never loses a request.
-- One row per policy: a second request while one waits only bumps its generation, and the worker deletes
-- the row only when the generation it rendered is still the newest. claimed_until is the worker's lease: a
-- worker that dies mid-render leaves the request to the next one after it (api/documents/job.ts).
CREATE TABLE document_jobs (
  policy_id integer PRIMARY KEY REFERENCES policies (id) ON DELETE CASCADE,
  generation bigint NOT NULL DEFAULT 1,
  requested_at timestamptz NOT NULL,
  claimed_until timestamptz
);
CREATE INDEX document_jobs_due ON document_jobs (requested_at);

-- The SHA-256 of what a document prints (its model without the rendering's time): rendering a policy
-- whose printed facts have not changed stores nothing. NULL for documents made before this migration.
ALTER TABLE policy_documents ADD COLUMN source_sha256 char(64);

-- Before this, a policy whose bind-time documents failed got them when its documents page was opened;
-- a GET now only reads, so such policies are queued once here.
INSERT INTO document_jobs (policy_id, requested_at)
SELECT p.id, now() FROM policies p
WHERE NOT EXISTS (SELECT 1 FROM policy_documents d WHERE d.policy_id = p.id AND d.kind = 'card')
   OR NOT EXISTS (SELECT 1 FROM policy_documents d WHERE d.policy_id = p.id AND d.kind = 'declaration')
   OR (NOT EXISTS (SELECT 1 FROM signatures s WHERE s.policy_id = p.id AND s.renewal_id IS NULL)
       AND NOT EXISTS (SELECT 1 FROM policy_documents d WHERE d.policy_id = p.id AND d.kind = 'application'));
