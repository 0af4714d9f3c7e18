-- The policy aggregate's last two seams (issue 20; api/policies/records.ts owns these tables).
--
-- 1. The status and its history. A policy's status changes (BOUND at the bind, ISSUED once signed with a
--    first reading; the billing cycle adds CANCELLED) are rows of their own, each with its moment, so the
--    papers can say since when a policy is what it is and a cancellation keeps its date. policies.status
--    stays as the current one (every change writes both in one transaction); issued_at, which only this
--    history now records, is dropped.
-- 2. One source for the term in force. A renewal coming into force already rewrote each vehicle's rates into
--    policy_vehicles (migration 020); its billing figures (first payment, estimated monthly payment, total
--    written) now move into the row's own columns too, and term_answer, a second copy of the renewal's priced
--    answer that readers preferred over the rows, is dropped. The renewal keeps its own priced answer
--    (renewals.answer, api/renewals/store.ts): what was offered and signed.

CREATE TABLE policy_status_changes (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  policy_id integer NOT NULL REFERENCES policies (id) ON DELETE CASCADE,
  status text NOT NULL,
  changed_at timestamptz NOT NULL
);
CREATE INDEX policy_status_changes_policy ON policy_status_changes (policy_id, changed_at);

INSERT INTO policy_status_changes (policy_id, status, changed_at) SELECT id, 'BOUND', created_at FROM policies ORDER BY id;
INSERT INTO policy_status_changes (policy_id, status, changed_at)
  SELECT id, 'ISSUED', COALESCE(issued_at, created_at) FROM policies WHERE status = 'ISSUED' ORDER BY id;
ALTER TABLE policies DROP COLUMN issued_at;

UPDATE policies SET
  down_payment_cents = round(100 * (CASE WHEN billing_frequency = 'monthly'
    THEN (term_answer->>'downPaymentMonthly')::numeric ELSE (term_answer->>'downPaymentSingle')::numeric END))::integer,
  estimated_monthly_payment_cents = round(100 * (term_answer->>'estimatedMonthlyPayment')::numeric)::integer,
  estimated_total_written_cents = round(100 * (term_answer->>'estimatedTotalWritten')::numeric)::integer
WHERE term_answer IS NOT NULL;
ALTER TABLE policies DROP COLUMN term_answer;
