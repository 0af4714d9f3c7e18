-- Sign-in sessions (issue 9; api/auth/sessions.ts). The cookie carries a 256-bit random id; only its SHA-256
-- is stored, so a copy of this table signs nobody in. A session ends at logout (its row is deleted), after
-- IDLE minutes without a request (last_seen_at) or at expires_at whatever happens (absolute timeout), and
-- when the account's password changes (every other session of the account is deleted).
CREATE TABLE sessions (
  id_hash char(64) PRIMARY KEY,
  account_id bigint NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL,
  last_seen_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL
);
CREATE INDEX sessions_account ON sessions (account_id);
CREATE INDEX sessions_expires_at ON sessions (expires_at);

-- An account made for a bought policy has no password until its owner creates one from the e-mailed link.
ALTER TABLE accounts ALTER COLUMN password_hash DROP NOT NULL;
-- When the password last changed: the notice e-mail says so, and a future "sign out everywhere" can use it.
ALTER TABLE accounts ADD COLUMN password_changed_at timestamptz;
