-- Every charge right (issue 19; api/payments/attempts.ts owns bind_attempts, refunds and payment_cards,
-- api/payments/ledger.ts ledger_entries, api/payments/test-mode.ts test_mode_objects).
--
-- A bind attempt is now a PaymentIntent's life: recorded with a random provider key before any call, the
-- PaymentIntent created unconfirmed and its id stored, then confirmed. Its status:
--   created          recorded; the PaymentIntent may or may not exist yet (its create is harmless: unconfirmed)
--   confirming       the confirmation was sent; until the provider's answer is on record the outcome is unknown
--   requires_action  the bank asks the buyer to authenticate (3-D Secure)
--   charged          the provider says succeeded; the policy is being written
--   bound            the policy exists, with this attempt's payment
--   declined         the provider refused the card (nothing moved)
--   failed           settled with the provider as not charged (canceled, abandoned, an invalid request)
--   refunding        charged, but it cannot become a policy; the refund is asked for
--   refunded         the provider refunded it
--   review           an attempt of the code before this migration whose outcome was never settled: it has no
--                    PaymentIntent id to ask about, so a person settles it from the provider's dashboard
ALTER TABLE bind_attempts ADD COLUMN provider_key text;
-- The key the code before this migration derived from the row number (issue 19 finding 4): kept for its rows.
UPDATE bind_attempts SET provider_key = 'ppm-bind-attempt-' || id::text;
ALTER TABLE bind_attempts ALTER COLUMN provider_key SET NOT NULL;
CREATE UNIQUE INDEX bind_attempts_provider_key ON bind_attempts (provider_key);
ALTER TABLE bind_attempts RENAME COLUMN gateway_charge_id TO intent_id;
CREATE UNIQUE INDEX bind_attempts_intent ON bind_attempts (intent_id);
UPDATE bind_attempts SET status = 'review' WHERE status IN ('started', 'failed');
ALTER TABLE bind_attempts ALTER COLUMN status SET DEFAULT 'created';
-- The version of the quote and the consent words the buyer saw (the card is kept with them).
ALTER TABLE bind_attempts ADD COLUMN quote_version integer;
ALTER TABLE bind_attempts ADD COLUMN card_consent text;
ALTER TABLE bind_attempts ADD COLUMN customer_id text;
ALTER TABLE bind_attempts ADD COLUMN decline_code text;
ALTER TABLE bind_attempts ADD COLUMN updated_at timestamptz;
UPDATE bind_attempts SET updated_at = created_at;
ALTER TABLE bind_attempts ALTER COLUMN updated_at SET NOT NULL;
ALTER TABLE bind_attempts ALTER COLUMN payment_token_hash DROP NOT NULL;
-- SHA-256 of the request's Idempotency-Key: the same submission sent again (a retry after a lost answer)
-- learns its own outcome; any other learns only that the quote is bought.
ALTER TABLE bind_attempts ADD COLUMN submission_key_hash text;
-- The settlement job finds what is still open without reading every attempt ever made.
CREATE INDEX bind_attempts_open ON bind_attempts (updated_at)
  WHERE status IN ('created', 'confirming', 'requires_action', 'charged', 'refunding');

-- A charge that could not become a policy (the quote expired, or another attempt bound it), given back.
CREATE TABLE refunds (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  bind_attempt_id bigint NOT NULL UNIQUE REFERENCES bind_attempts (id),
  provider_refund_id text UNIQUE,
  amount_cents integer NOT NULL CHECK (amount_cents > 0),
  -- ours: 'quote-expired', 'quote-bound', 'effective-date-passed'
  reason text NOT NULL,
  created_at timestamptz NOT NULL
);

-- The card kept for the monthly bill: the provider's customer and payment method, never the number, and
-- the consent's exact words and time (the evidence in a dispute). One card in force per policy.
CREATE TABLE payment_cards (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  policy_id integer NOT NULL REFERENCES policies (id) ON DELETE CASCADE,
  gateway text NOT NULL,
  customer_id text NOT NULL,
  payment_method_id text NOT NULL,
  brand text,
  last4 text,
  consent_text text NOT NULL,
  consented_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL,
  replaced_at timestamptz
);
CREATE UNIQUE INDEX payment_cards_in_force ON payment_cards (policy_id) WHERE replaced_at IS NULL;

-- Every cent that moves: money in is positive, money given back negative. One entry per provider object
-- and kind, so a webhook and the request that caused it cannot both write it.
CREATE TABLE ledger_entries (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  -- 'down-payment', 'refund', 'dispute'
  kind text NOT NULL,
  amount_cents integer NOT NULL,
  currency char(3) NOT NULL DEFAULT 'usd',
  bind_attempt_id bigint REFERENCES bind_attempts (id),
  policy_id integer REFERENCES policies (id),
  -- the PaymentIntent, refund or dispute id at the provider
  provider_ref text NOT NULL,
  created_at timestamptz NOT NULL,
  UNIQUE (kind, provider_ref)
);
CREATE INDEX ledger_entries_policy ON ledger_entries (policy_id);
INSERT INTO ledger_entries (kind, amount_cents, currency, bind_attempt_id, policy_id, provider_ref, created_at)
SELECT 'down-payment', p.amount_cents, p.currency, p.bind_attempt_id, po.id, p.gateway_charge_id, p.created_at
FROM payments p LEFT JOIN policies po ON po.payment_id = p.id;

-- The test mode's provider (api/payments/test-mode.ts): its PaymentIntents, customers and refunds, as
-- Stripe would hold them, so an unknown outcome is settled after a restart the way Stripe's are.
CREATE TABLE test_mode_objects (
  id text PRIMARY KEY,
  kind text NOT NULL,
  idempotency_key text UNIQUE,
  object jsonb NOT NULL,
  created_at timestamptz NOT NULL
);
