-- The billing cycle's bills, their charges and the ledger of what is owed (issue 21, items 3 to 8;
-- api/billing/bills.ts owns bills, bill_charges and billing_cancellations; api/payments/ledger.ts keeps
-- ledger_entries; api/policies/records.ts policy_status_changes).
--
-- 1. bills: what a policy is asked to pay, or is given back, with its lines as the pure bill made them
--    (api/billing/bill.ts: integer cents that add up to the total). A closed period has one 'period' bill;
--    a renewed term's first payment is a 'first-payment' bill on the term's first day; a cancellation
--    makes one 'final' bill to its date. amount_cents is what is charged (outcome 'charge') or refunded
--    (outcome 'refund'); a bill under the minimum charge or in credit is 'carried' into the next.
-- 2. bill_charges: the one PaymentIntent of a bill, charged off-session to the kept card. Recorded with a
--    random provider key before any call, its PaymentIntent created unconfirmed and its id stored, then
--    confirmed once per try (each try its own idempotency key), so an unknown outcome is settled by
--    retrieving it before anything else (the bind's pattern, api/payments/attempts.ts). A failed charge
--    is tried again 3, 5 and 7 days after its first failure (api/billing/schedule.ts), unless the decline
--    forbids a retry on that card.
-- 3. billing_cancellations: a notice of cancellation for non-payment, its date no sooner than the state's
--    notice period; paying first rescinds it, reaching it cancels the policy.
-- 4. The ledger becomes a policy's account: every amount owed is an entry too. The sign stays what it
--    was, in the customer's favour: money paid in and credits positive, amounts owed and money given back
--    negative; a policy's balance is the sum (0: settled; negative: owed; positive: a credit).
--    provider_ref names the provider's object for money that moved, and our own record for an amount
--    owed ('policy:ID:down-payment' for the bind's down payment, 'bill:ID' for a bill), so each is entered once.

CREATE TABLE bills (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  policy_id integer NOT NULL REFERENCES policies (id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('period', 'first-payment', 'final')),
  -- the period billed ('period'), or the one the cancellation falls in ('final'); null for a first payment
  period_id bigint REFERENCES billing_periods (id) ON DELETE CASCADE,
  term_start date NOT NULL,
  -- the day it was made, and charged first
  bill_date date NOT NULL,
  lines jsonb NOT NULL,
  total_cents integer NOT NULL,
  outcome text NOT NULL CHECK (outcome IN ('charge', 'carry-forward', 'refund', 'nothing-due')),
  amount_cents integer NOT NULL CHECK (amount_cents >= 0),
  -- due: to charge (or being retried); paid; carried into the next bill; settled: nothing due;
  -- refund-due / refunded: a credit given back to the card; unpaid: the policy was cancelled with it owed
  status text NOT NULL CHECK (status IN ('due', 'paid', 'carried', 'settled', 'refund-due', 'refunded', 'unpaid')),
  created_at timestamptz NOT NULL,
  settled_at timestamptz,
  CHECK ((kind = 'first-payment') = (period_id IS NULL))
);
CREATE UNIQUE INDEX bills_of_period ON bills (period_id) WHERE kind = 'period';
CREATE UNIQUE INDEX bills_first_payment ON bills (policy_id, term_start) WHERE kind = 'first-payment';
CREATE UNIQUE INDEX bills_final ON bills (policy_id) WHERE kind = 'final';
CREATE INDEX bills_policy ON bills (policy_id, bill_date);
CREATE INDEX bills_open ON bills (status) WHERE status IN ('due', 'refund-due');

CREATE TABLE bill_charges (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  bill_id bigint NOT NULL UNIQUE REFERENCES bills (id) ON DELETE CASCADE,
  -- random; each call names an idempotency key made from it
  provider_key text NOT NULL UNIQUE,
  intent_id text UNIQUE,
  -- created: no try yet; confirming: a try sent, its outcome not yet on record (unknown until settled);
  -- succeeded; declined: the last try was refused (see next_try_on); canceled: given up at the cancellation
  status text NOT NULL CHECK (status IN ('created', 'confirming', 'succeeded', 'declined', 'canceled')),
  tries smallint NOT NULL DEFAULT 0 CHECK (tries >= 0),
  -- the card the last try charged
  payment_method_id text,
  last_code text,
  last_decline_code text,
  first_failed_on date,
  -- the next retry's day; null when none is left (or the decline forbids one on that card)
  next_try_on date,
  updated_at timestamptz NOT NULL
);
CREATE INDEX bill_charges_open ON bill_charges (status) WHERE status IN ('created', 'confirming', 'declined');

CREATE TABLE billing_cancellations (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  policy_id integer NOT NULL REFERENCES policies (id) ON DELETE CASCADE,
  -- the bill whose non-payment it is for
  bill_id bigint NOT NULL UNIQUE REFERENCES bills (id) ON DELETE CASCADE,
  noticed_on date NOT NULL,
  -- coverage ends at 12:01 a.m. on this day unless the bill is paid first
  cancel_on date NOT NULL CHECK (cancel_on > noticed_on),
  -- the statute or rule the notice period comes from (api/billing/schedule.ts)
  notice_source text NOT NULL,
  status text NOT NULL CHECK (status IN ('pending', 'rescinded', 'cancelled')),
  created_at timestamptz NOT NULL,
  settled_at timestamptz
);
CREATE UNIQUE INDEX billing_cancellations_pending ON billing_cancellations (policy_id) WHERE status = 'pending';

-- What a term's bills are priced with, kept when the term is recorded (api/billing/cycle.ts): the pay plan,
-- the rated state and each vehicle's rated figures, so a period billed after a renewal came into force is
-- billed at its own term's rates. Null for periods recorded before this migration: billed at the policy's.
ALTER TABLE billing_periods ADD COLUMN term_figures jsonb;
-- A period the policy's cancellation fell in is closed 'cancelled': its final bill is the cancellation's
-- (bills.kind 'final'), and its reading is no longer asked for. Periods after the cancellation are removed.
ALTER TABLE billing_periods DROP CONSTRAINT billing_periods_closed_reason_check;
ALTER TABLE billing_periods ADD CONSTRAINT billing_periods_closed_reason_check CHECK (closed_reason IN ('readings', 'due', 'cancelled'));

-- A status's own date where it has one: a cancellation's coverage ends on its day.
ALTER TABLE policy_status_changes ADD COLUMN effective_on date;

-- The down payment each bound policy owed, entered beside the payment that met it.
ALTER TABLE ledger_entries ADD COLUMN bill_id bigint REFERENCES bills (id);
INSERT INTO ledger_entries (kind, amount_cents, currency, bind_attempt_id, policy_id, provider_ref, created_at)
SELECT 'down-payment-due', -amount_cents, currency, bind_attempt_id, policy_id, 'policy:' || policy_id::text || ':down-payment', created_at
FROM ledger_entries WHERE kind = 'down-payment' AND policy_id IS NOT NULL;

-- A cancelled policy's papers are made at its status too (its declarations say since when it is cancelled).
ALTER TABLE policy_documents DROP CONSTRAINT policy_documents_stage_check;
ALTER TABLE policy_documents ADD CONSTRAINT policy_documents_stage_check CHECK (stage IN ('BOUND', 'ISSUED', 'CANCELLED'));
-- The notice of cancellation for non-payment is one of the policy's documents (its documents page lists it).
ALTER TABLE policy_documents DROP CONSTRAINT policy_documents_kind_check;
ALTER TABLE policy_documents ADD CONSTRAINT policy_documents_kind_check
  CHECK (kind IN ('card', 'declaration', 'application', 'signed-application', 'renewal-application', 'renewal-declaration', 'cancellation-notice'));
