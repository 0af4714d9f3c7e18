-- The policy aggregate (issue 20; api/policies/records.ts, the only module that reads and writes these tables).
--
-- 1. What the policy's papers, the account, statements and renewals print is written into the policy's own
--    rows at bind, so none of them reads the quote's JSON (the shopper's answers) for the policy: the
--    insured's e-mail as typed, the garaging address and the phone numbers on the policy row; each vehicle's
--    rates and charges as priced; each coverage's wording as shown; each driver's middle initial. Existing
--    policies are filled from the quote they were bought from (and a renewed term's rates from term_answer).
-- 2. One signatures table: the application's signature of a policy (renewal_id NULL) and of each renewal,
--    the same record (consent, intent, association by SHA-256, retention), moved from esignatures and
--    renewal_esignatures, which are dropped.

ALTER TABLE policies ADD COLUMN email_address text;
ALTER TABLE policies ADD COLUMN garaging_address jsonb;
ALTER TABLE policies ADD COLUMN phone_numbers jsonb;

UPDATE policies p SET
  email_address = q.request->>'emailAddress',
  garaging_address = COALESCE(
    (SELECT a FROM jsonb_array_elements(q.request::jsonb->'addresses') a WHERE a->>'type' = 'Garaging' LIMIT 1),
    p.mailing_address),
  phone_numbers = COALESCE(q.request::jsonb->'phoneNumbers', '[]'::jsonb)
FROM quotes q WHERE q.id = p.quote_id;

ALTER TABLE policies ALTER COLUMN email_address SET NOT NULL;
ALTER TABLE policies ALTER COLUMN garaging_address SET NOT NULL;
ALTER TABLE policies ALTER COLUMN phone_numbers SET NOT NULL;

-- As the rating engine priced the term in force (api/rating/README.md): the monthly base rate, the per-mile
-- rate, the estimated miles a month, the monthly charge without fees (Unlimited: a sixth of its 6-month
-- premium) and the premium for the term. A renewal coming into force writes its own (api/renewals/terms.ts).
ALTER TABLE policy_vehicles ADD COLUMN base_rate numeric(12, 2);
ALTER TABLE policy_vehicles ADD COLUMN per_mile_rate numeric(12, 3);
ALTER TABLE policy_vehicles ADD COLUMN est_monthly_miles integer;
ALTER TABLE policy_vehicles ADD COLUMN monthly_charge_cents integer;
ALTER TABLE policy_vehicles ADD COLUMN term_premium_cents integer;

UPDATE policy_vehicles v SET
  base_rate = COALESCE((info->'premiumInfo'->>'baseRate')::numeric, 0),
  per_mile_rate = COALESCE((info->'premiumInfo'->>'perMileRate')::numeric, 0),
  est_monthly_miles = (info->'premiumInfo'->>'estMonthlyMiles')::integer,
  monthly_charge_cents = CASE
    WHEN v.billing_type = 'capped' THEN round(COALESCE((info->>'unlimitedRate')::numeric, 0) * 100)::integer / 6
    ELSE round(COALESCE((info->'premiumInfo'->>'estMonthlyNoFee')::numeric, 0) * 100)::integer END,
  term_premium_cents = CASE
    WHEN v.billing_type = 'capped' THEN round(COALESCE((info->>'unlimitedRate')::numeric, 0) * 100)::integer
    ELSE 6 * round(COALESCE((info->'premiumInfo'->>'estMonthlyNoFee')::numeric, 0) * 100)::integer END
FROM (
  SELECT p.id AS policy_id, (i->>'carNumber')::integer AS car_number, i AS info
  FROM policies p JOIN quotes q ON q.id = p.quote_id,
       jsonb_array_elements(COALESCE(p.term_answer, q.response::jsonb)->'vehicleInfo') i
) priced
WHERE priced.policy_id = v.policy_id AND priced.car_number = v.car_number;

UPDATE policy_vehicles SET base_rate = 0, per_mile_rate = 0, monthly_charge_cents = 0, term_premium_cents = 0 WHERE base_rate IS NULL;
ALTER TABLE policy_vehicles ALTER COLUMN base_rate SET NOT NULL;
ALTER TABLE policy_vehicles ALTER COLUMN per_mile_rate SET NOT NULL;
ALTER TABLE policy_vehicles ALTER COLUMN monthly_charge_cents SET NOT NULL;
ALTER TABLE policy_vehicles ALTER COLUMN term_premium_cents SET NOT NULL;

-- The coverage as the quote showed it on each vehicle (coverageInfo's description, displayed limit and
-- place in the list).
ALTER TABLE policy_coverages ADD COLUMN description text;
ALTER TABLE policy_coverages ADD COLUMN display_limit text;
ALTER TABLE policy_coverages ADD COLUMN position integer;

UPDATE policy_coverages c SET description = shown.info->>'coverageDescription', display_limit = shown.info->>'displayLimit', position = shown.position
FROM (
  SELECT p.id AS policy_id, (v->>'carNumber')::integer AS car_number, ci AS info, n::integer AS position
  FROM policies p JOIN quotes q ON q.id = p.quote_id,
       jsonb_array_elements(q.response::jsonb->'vehicleInfo') v,
       jsonb_array_elements(v->'coverageInfo') WITH ORDINALITY AS c (ci, n)
) shown
WHERE shown.policy_id = c.policy_id AND shown.car_number = c.car_number AND shown.info->>'coverageName' = c.name;

-- A policy-wide limit the quote showed on each vehicle (BI, PD ...) takes its wording from the first vehicle;
-- one it did not show (description NULL) is printed in the policy's own table.
UPDATE policy_coverages c SET description = shown.info->>'coverageDescription', display_limit = shown.info->>'displayLimit', position = shown.position
FROM (
  SELECT p.id AS policy_id, ci AS info, n::integer AS position
  FROM policies p JOIN quotes q ON q.id = p.quote_id,
       jsonb_array_elements(q.response::jsonb->'vehicleInfo'->0->'coverageInfo') WITH ORDINALITY AS c (ci, n)
) shown
WHERE shown.policy_id = c.policy_id AND c.car_number IS NULL AND shown.info->>'coverageName' = c.name;

ALTER TABLE policy_drivers ADD COLUMN middle_initial text;
UPDATE policy_drivers d SET middle_initial = NULLIF(q.request::jsonb->'drivers'->(d.driver_number - 1)->>'middleInitial', '')
FROM policies p JOIN quotes q ON q.id = p.quote_id WHERE p.id = d.policy_id;

CREATE TABLE signatures (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  policy_id integer NOT NULL REFERENCES policies (id) ON DELETE CASCADE,
  -- NULL: the policy's own application; else the renewal whose application this is
  renewal_id integer UNIQUE REFERENCES renewals (id) ON DELETE CASCADE,
  application_document_id bigint NOT NULL REFERENCES policy_documents (id),
  signed_document_id bigint NOT NULL REFERENCES policy_documents (id),
  signer_name text NOT NULL,
  consent_text text NOT NULL,
  consented_at timestamptz NOT NULL,
  signed_at timestamptz NOT NULL,
  document_sha256 char(64) NOT NULL,
  ip_address text NOT NULL,
  user_agent text NOT NULL
);
-- one signature of the policy's own application
CREATE UNIQUE INDEX signatures_policy_application ON signatures (policy_id) WHERE renewal_id IS NULL;

INSERT INTO signatures (policy_id, renewal_id, application_document_id, signed_document_id, signer_name, consent_text,
                        consented_at, signed_at, document_sha256, ip_address, user_agent)
SELECT policy_id, NULL, application_document_id, signed_document_id, signer_name, consent_text, consented_at, signed_at,
       document_sha256, ip_address, user_agent
FROM esignatures;

INSERT INTO signatures (policy_id, renewal_id, application_document_id, signed_document_id, signer_name, consent_text,
                        consented_at, signed_at, document_sha256, ip_address, user_agent)
SELECT r.policy_id, s.renewal_id, s.application_document_id, s.signed_document_id, s.signer_name, s.consent_text,
       s.consented_at, s.signed_at, s.document_sha256, s.ip_address, s.user_agent
FROM renewal_esignatures s JOIN renewals r ON r.id = s.renewal_id;

DROP TABLE esignatures;
DROP TABLE renewal_esignatures;
