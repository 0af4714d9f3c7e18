-- Stripe's webhooks (issue 19, POST /api/payments/webhook): api/payments/webhooks.ts owns payment_events,
-- api/payments/disputes.ts owns payment_disputes.
--
-- One row per provider event we processed, keyed by the event's id: Stripe delivers at least once (and may
-- deliver one event twice at the same time), so the row is written in the transaction that does the event's
-- work, and a delivery that finds its id here does nothing. A delivery whose work fails writes nothing, so
-- Stripe's retry processes the event. The payload is not kept: a charge carries the buyer's billing details,
-- and what the product needs of an event is in the rows its handler writes.
CREATE TABLE payment_events (
  id text PRIMARY KEY,
  type text NOT NULL,
  -- the event's `created` at the provider
  provider_created_at timestamptz NOT NULL,
  -- when the delivery that processed it arrived, and when its work was committed
  received_at timestamptz NOT NULL,
  processed_at timestamptz NOT NULL,
  -- what was done, in a few words for a person looking into a payment ('refund recorded', 'ignored', ...)
  handled_as text NOT NULL
);
CREATE INDEX payment_events_received ON payment_events (received_at);

-- A card holder's dispute (chargeback) of one of our charges: the flag on the policy the team answers from.
-- The charge's PaymentIntent leads to its bind attempt and, once bound, its policy; a dispute of a charge we
-- cannot place is kept too (both null), since the money is gone all the same and a person must look.
CREATE TABLE payment_disputes (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  provider_dispute_id text NOT NULL UNIQUE,
  provider_charge_id text NOT NULL,
  intent_id text,
  bind_attempt_id bigint REFERENCES bind_attempts (id),
  policy_id integer REFERENCES policies (id),
  amount_cents integer NOT NULL CHECK (amount_cents > 0),
  currency char(3) NOT NULL DEFAULT 'usd',
  -- the provider's words: 'fraudulent', 'product_not_received', 'subscription_canceled', ...
  reason text NOT NULL,
  -- the provider's: 'warning_needs_response', 'needs_response', 'under_review', 'won', 'lost', ...
  status text NOT NULL,
  -- the last moment the provider takes evidence; null when it names none
  evidence_due_by timestamptz,
  -- the dispute's `created` at the provider, and when we recorded it
  created_at timestamptz NOT NULL,
  recorded_at timestamptz NOT NULL
);
CREATE INDEX payment_disputes_policy ON payment_disputes (policy_id) WHERE policy_id IS NOT NULL;
