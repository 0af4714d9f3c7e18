-- Customer accounts (api/auth/signup.ts). One per e-mail address in any letter case: the address is
-- stored trimmed and lower-cased, and the unique index decides between two sign-ups racing each other.
--
-- password_hash is argon2id in PHC form ($argon2id$v=19$m=19456,t=2,p=1$salt$hash, api/auth/passwords.ts);
-- the password itself is never stored. confirmed_at is set when the link of the confirmation e-mail is
-- spent (tokens, purpose 'account-confirmation'): until then nobody has shown they own the mailbox.
-- first_name and last_name are filled when known (the sign-up payload does not carry them);
-- policy_address is the policy's mailing address the wizard sends with its sign-up (doc 3 section 3).
CREATE TABLE accounts (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  email_lower text NOT NULL UNIQUE,
  password_hash text NOT NULL,
  first_name text,
  last_name text,
  policy_address jsonb,
  created_at timestamptz NOT NULL,
  confirmed_at timestamptz
);
