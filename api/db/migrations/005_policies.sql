-- The sale (doc 3 sections 3 and 7, POST /api/policy/bind; api/policies/bind.ts): a paid quote becomes a
-- bound policy, written as records, with the charge that pays for it.
--
-- Invariants held by the database itself, not only by the code:
-- - one policy per quote (policies.quote_id UNIQUE): a retried or doubled bind cannot bind twice;
-- - no policy without its payment and no succeeded payment without its policy: both rows are written in
--   one transaction, and policies.payment_id is NOT NULL and UNIQUE;
-- - one charge per bind attempt (payments.bind_attempt_id UNIQUE): the gateway's idempotency key is
--   derived from the attempt, so a retry after a crash finds the same charge at the provider.

-- A bind attempt is recorded before the card is charged. Its id names the charge at the provider
-- ('bind-attempt-<id>' as Stripe's Idempotency-Key), so the same attempt can never be charged twice.
CREATE TABLE bind_attempts (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  quote_id integer NOT NULL REFERENCES quotes (id),
  billing_frequency text NOT NULL,
  pay_plan integer NOT NULL,
  amount_cents integer NOT NULL CHECK (amount_cents > 0),
  -- SHA-256 of the card token: a retry of the same attempt (same token) reuses the attempt and its key
  payment_token_hash text NOT NULL,
  created_at timestamptz NOT NULL,
  -- 'started' (charge under way), 'charged' (charge succeeded, binding), 'bound', 'declined', 'failed'
  status text NOT NULL DEFAULT 'started',
  gateway_charge_id text,
  error_type text
);
CREATE INDEX bind_attempts_quote ON bind_attempts (quote_id);

-- A charge that succeeded. Written with its policy, in one transaction.
CREATE TABLE payments (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  bind_attempt_id bigint NOT NULL UNIQUE REFERENCES bind_attempts (id),
  gateway text NOT NULL,
  gateway_charge_id text NOT NULL UNIQUE,
  amount_cents integer NOT NULL CHECK (amount_cents > 0),
  currency char(3) NOT NULL DEFAULT 'usd',
  created_at timestamptz NOT NULL
);

CREATE TABLE policies (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  policy_number text NOT NULL UNIQUE,
  binder_number text NOT NULL UNIQUE,
  -- BOUND until the signed documents and a valid initial odometer photo arrive (doc 3 section 2), then ISSUED
  status text NOT NULL DEFAULT 'BOUND',
  quote_id integer NOT NULL UNIQUE REFERENCES quotes (id),
  payment_id bigint NOT NULL UNIQUE REFERENCES payments (id),
  rated_state char(2) NOT NULL,
  rate_table_version text NOT NULL,
  effective_date date NOT NULL,
  expiration_date date NOT NULL,
  billing_frequency text NOT NULL,
  pay_plan integer NOT NULL,
  down_payment_cents integer NOT NULL,
  estimated_monthly_payment_cents integer NOT NULL,
  estimated_total_written_cents integer NOT NULL,
  email_lower text NOT NULL,
  -- doc 3 section 3: the bind answer's policyOwners [{relation, firstName, lastName}]
  policy_owners jsonb NOT NULL,
  mailing_address jsonb NOT NULL,
  created_at timestamptz NOT NULL
);
CREATE INDEX policies_email ON policies (email_lower);

CREATE TABLE policy_vehicles (
  policy_id integer NOT NULL REFERENCES policies (id) ON DELETE CASCADE,
  car_number integer NOT NULL,
  vin char(17) NOT NULL,
  year integer NOT NULL,
  make text NOT NULL,
  model text NOT NULL,
  body_style text NOT NULL,
  -- OWN, LEASE or FINANCE as the quote request has it; lienholders only for LEASE and FINANCE
  financing text NOT NULL,
  billing_type text NOT NULL,
  stated_value integer,
  PRIMARY KEY (policy_id, car_number)
);

CREATE TABLE policy_drivers (
  policy_id integer NOT NULL REFERENCES policies (id) ON DELETE CASCADE,
  driver_number integer NOT NULL,
  relation text NOT NULL,
  status text NOT NULL,
  first_name text NOT NULL,
  last_name text NOT NULL,
  dob date NOT NULL,
  license_state text,
  license_number text,
  PRIMARY KEY (policy_id, driver_number)
);

-- Limits as priced: type POLICY (car_number NULL) or VEHICLE (its car_number), doc 3 section 3's limit entries.
CREATE TABLE policy_coverages (
  policy_id integer NOT NULL REFERENCES policies (id) ON DELETE CASCADE,
  car_number integer,
  name text NOT NULL,
  limit_value text NOT NULL
);
CREATE UNIQUE INDEX policy_coverages_key ON policy_coverages (policy_id, coalesce(car_number, 0), name);

-- The lienholder of a financed or leased vehicle (doc 3 section 3, POST /api/policy/lienholder).
CREATE TABLE lienholders (
  policy_id integer NOT NULL REFERENCES policies (id) ON DELETE CASCADE,
  car_number integer NOT NULL,
  name text NOT NULL,
  address text NOT NULL,
  city text NOT NULL,
  state char(2) NOT NULL,
  zip char(5) NOT NULL,
  phone_number text NOT NULL,
  updated_at timestamptz NOT NULL,
  PRIMARY KEY (policy_id, car_number),
  FOREIGN KEY (policy_id, car_number) REFERENCES policy_vehicles (policy_id, car_number) ON DELETE CASCADE
);

-- Idempotency-Key records of POST /api/policy/bind: the first answer is kept and replayed for the same key
-- and body; another body under the same key is refused; a request while the first runs is told so.
CREATE TABLE idempotency_keys (
  scope text NOT NULL,
  key text NOT NULL,
  request_hash text NOT NULL,
  -- 'in_flight' until the first request has an answer, then 'done'
  state text NOT NULL,
  status integer,
  answer jsonb,
  created_at timestamptz NOT NULL,
  locked_until timestamptz NOT NULL,
  PRIMARY KEY (scope, key)
);
CREATE INDEX idempotency_keys_created_at ON idempotency_keys (created_at);
