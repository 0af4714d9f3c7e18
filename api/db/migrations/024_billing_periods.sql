-- The billing cycle's periods and reading requests (issue 21, items 1 and 2; api/billing/records.ts owns
-- these tables).
--
-- 1. billing_periods: a policy's monthly periods, one row each, recorded for a term when the term is first
--    in force (api/billing/calendar.ts periodsOfTerm, anchored on the effective date); a renewed term gets
--    rows of its own. Kept as records, not recomputed on every page view: the bill, the statement and the
--    ledger of a period hang off its row. A period is 'scheduled' until its first day, 'open' from then
--    while its days run and its readings are awaited, and 'closed' once every Pay-Per-Mile reading is in
--    (closed_reason 'readings') or its due date came without one ('due': billed the default mileage).
--    Each status is left by one guarded UPDATE, so two processes cannot both open or close a period.
-- 2. billing_reading_requests: per vehicle of a period, its reading request. A Pay-Per-Mile vehicle has one
--    in every period, asked on the period's end; an Unlimited vehicle one per term, on the first period,
--    asked on the term's first day (doc 3). sent_at and reminders_sent are moved only from the value the
--    sender read, so a request or a reminder is sent once whatever runs at the same time. reading_id is the
--    accepted odometer reading that answered it (unique: a reading answers one request); a reading that
--    answers none is kept by api/odometer/ for the next true-up.

CREATE TABLE billing_periods (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  policy_id integer NOT NULL REFERENCES policies (id) ON DELETE CASCADE,
  -- the term the period belongs to, as the policy row had it when the term was recorded
  term_start date NOT NULL,
  term_end date NOT NULL,
  -- 1-based place in the term
  period_index smallint NOT NULL CHECK (period_index >= 1),
  period_start date NOT NULL,
  -- the next period's first day, and the day its reading is asked for
  period_end date NOT NULL CHECK (period_end > period_start),
  reading_due date NOT NULL CHECK (reading_due >= period_end),
  status text NOT NULL CHECK (status IN ('scheduled', 'open', 'closed')),
  recorded_at timestamptz NOT NULL,
  opened_at timestamptz,
  closed_at timestamptz,
  closed_reason text CHECK (closed_reason IN ('readings', 'due')),
  CHECK ((status = 'closed') = (closed_at IS NOT NULL AND closed_reason IS NOT NULL)),
  UNIQUE (policy_id, period_start)
);
CREATE INDEX billing_periods_unclosed ON billing_periods (status, period_start) WHERE status <> 'closed';

CREATE TABLE billing_reading_requests (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  period_id bigint NOT NULL REFERENCES billing_periods (id) ON DELETE CASCADE,
  car_number smallint NOT NULL,
  -- the vehicle's plan when the term was recorded: 'per_mile' (a request each period) or 'capped' (Unlimited: once a term)
  billing_type text NOT NULL CHECK (billing_type IN ('per_mile', 'capped')),
  -- the day it is to be sent: the period's end (Pay-Per-Mile) or the term's first day (Unlimited)
  ask_on date NOT NULL,
  sent_at timestamptz,
  -- whether the request went by text as well as by e-mail (the policy had a mobile number)
  texted boolean NOT NULL DEFAULT false,
  reminders_sent smallint NOT NULL DEFAULT 0 CHECK (reminders_sent >= 0),
  last_reminded_at timestamptz,
  reading_id bigint UNIQUE REFERENCES odometer_readings (id),
  reading_linked_at timestamptz,
  CHECK ((reading_id IS NULL) = (reading_linked_at IS NULL)),
  UNIQUE (period_id, car_number)
);
CREATE INDEX billing_reading_requests_waiting ON billing_reading_requests (ask_on) WHERE reading_id IS NULL;
