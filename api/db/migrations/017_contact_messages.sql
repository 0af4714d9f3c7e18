-- Contact Us messages (doc 1 "Contact Us", section 3 "Contact payload"; POST /api/contact/submit,
-- api/contact/messages.ts). Stored in the transaction that queues their two e-mails (to customer care,
-- and the acknowledgement to the sender), so a message is never mailed without being kept, nor kept
-- without being mailed.
--
-- idempotency_key is the request's Idempotency-Key header: UNIQUE, so a double press or a retry of the
-- same request stores (and mails) one message, whichever replica it reaches and however they race.
-- request_hash (SHA-256 of the checked payload) tells a true retry from a client reusing a key for
-- another message.
CREATE TABLE contact_messages (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  idempotency_key text NOT NULL UNIQUE,
  request_hash text NOT NULL,
  subject text NOT NULL,
  body text NOT NULL,
  first_name text NOT NULL,
  middle_name text,
  last_name text NOT NULL,
  suffix text,
  email text NOT NULL,
  phone text,
  created_at timestamptz NOT NULL
);
CREATE INDEX contact_messages_created_at ON contact_messages (created_at);
