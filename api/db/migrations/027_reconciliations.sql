-- The daily reconciliation of the ledger with the card provider (api/payments/reconciliation.ts, which owns
-- the table): one row a day, written again (never a second row) when the day is reconciled again.
--
-- The counts and cents are the day's own, as each side dates its objects: the ledger's charges (down
-- payments and bill payments) and refunds, the provider's succeeded PaymentIntents and refunds (cents are
-- magnitudes: a refund of $12.00 is 1200 on both sides). The provider's are null when it could not be
-- reached. differences is a JSON array of { kind, object, providerId, ledgerCents?, providerCents? }: ids
-- and amounts only, never a person's details. mailed_digest is what the team was last mailed about for the
-- day, so the same differences are mailed once however many runs.

CREATE TABLE reconciliations (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  day date NOT NULL UNIQUE,
  ran_at timestamptz NOT NULL,
  ledger_charges integer NOT NULL,
  ledger_charge_cents integer NOT NULL,
  ledger_refunds integer NOT NULL,
  ledger_refund_cents integer NOT NULL,
  provider_charges integer,
  provider_charge_cents integer,
  provider_refunds integer,
  provider_refund_cents integer,
  differences jsonb NOT NULL,
  status text NOT NULL CHECK (status IN ('matched', 'differences', 'provider-unreachable')),
  -- the provider's failure ('api_error: timeout'), when it could not be reached
  provider_error text,
  mailed_digest text,
  mailed_at timestamptz
);
