-- The documents drawn before this had most letters missing on screen where FreeType draws them (poppler and
-- MuPDF, seen; Chrome's PDFium uses it too): fontkit's font subsets put glyphs at halved offsets
-- (api/documents/pdf/fonts.ts glyphsAligned). Every bound and issued policy is asked for its documents again; the documents job makes
-- each whose drawing changed (api/documents/generate.ts RENDERING) as a new version, the old kept. A signed
-- application is a record of what was signed and is not drawn again; bills, notices and renewal papers
-- already sent stay as they were sent.
INSERT INTO document_jobs (policy_id, requested_at)
  SELECT id, now() FROM policies WHERE status IN ('BOUND', 'ISSUED')
ON CONFLICT (policy_id) DO UPDATE SET generation = document_jobs.generation + 1, requested_at = EXCLUDED.requested_at, claimed_until = NULL;
