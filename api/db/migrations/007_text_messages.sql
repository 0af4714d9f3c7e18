-- Text messages go through the mail queue (api/mail/queue.ts) as a second channel: the same table, so the
-- same claiming with leases, the same retries (1, 5, 15, 60 and 240 minutes), the same erasure of the
-- content once delivered or given up, and the same sweep. `channel` says which adapter delivers a row:
-- 'mail' (the mailer: SMTP or .eml files) or 'text' (the texter: the provider's REST API or .txt files).
-- A text's message is { to, body }, `to` in E.164 (+12025550123). Rows queued before this migration are mail.
ALTER TABLE mail_queue ADD COLUMN channel text NOT NULL DEFAULT 'mail' CHECK (channel IN ('mail', 'text'));
