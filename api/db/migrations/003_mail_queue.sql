-- Mail waiting to be sent (api/mail/queue.ts). A request that sends mail stores the message here and
-- answers at once; the sender delivers it through the mailer and, when the mail server fails, tries again
-- later. So an SMTP outage delays a quote e-mail instead of losing it, and no request waits on SMTP.
--
-- message holds the whole e-mail (recipient, subject, text, HTML, with the quote link's token) only until
-- it is delivered or given up: then it is set to NULL, so the table keeps no personal data and no live
-- token beyond delivery. kind names the mail for logs ('quote mail'); it never holds personal data.
CREATE TABLE mail_queue (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  kind text NOT NULL,
  message jsonb,
  created_at timestamptz NOT NULL,
  -- Claimed and attempted so far; a claim also moves next_attempt_at past a lease, so a sender that dies
  -- mid-send leaves its mail to be tried again after the lease instead of never.
  attempts integer NOT NULL DEFAULT 0,
  next_attempt_at timestamptz NOT NULL,
  sent_at timestamptz,
  failed_at timestamptz,
  last_error text
);
CREATE INDEX mail_queue_due ON mail_queue (next_attempt_at) WHERE sent_at IS NULL AND failed_at IS NULL;
