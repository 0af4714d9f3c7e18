-- A renewal takes effect, or lapses (issue 9; api/renewals/terms.ts).
--
-- The terms of a policy are the quote it was bought from (the first term) and each renewal that came into
-- force after it, in term_start order; nothing else is needed to know which rates applied on a given day
-- (api/account/statements.ts reads them so). The policy row holds the term in force: effective_date,
-- expiration_date and rate_table_version are moved to the renewal's when it comes into force, and
-- term_answer keeps the renewal's priced answer (contract QuotePolicy: rates, coverages, billing) so every
-- reader takes COALESCE(p.term_answer, q.response) and never has to look for the renewal. NULL means the
-- term in force is still the first one, priced in the quote's response. The billing columns of the row
-- stay as the policy was bought and paid at bind; a renewed term's billing is in term_answer.
ALTER TABLE policies ADD COLUMN term_answer jsonb;

-- 'offered'  the next term is priced and e-mailed, waiting for the renewal application's signature;
-- 'signed'   the application is signed; the term begins on term_start;
-- 'in_force' the term began: the policy row moved to it (a later renewal may have followed since; the
--            newest 'in_force' renewal of a policy is its term in force when its term_answer is not NULL);
-- 'lapsed'   never signed while the rollover link worked (until term_start's last day was over): the policy
--            was not renewed and ended on term_start.
-- Each change is one UPDATE guarded by the status it leaves, so of two runs racing only one makes it (and
-- sends its e-mail).
ALTER TABLE renewals DROP CONSTRAINT renewals_status_check;
ALTER TABLE renewals ADD CONSTRAINT renewals_status_check CHECK (status IN ('offered', 'signed', 'in_force', 'lapsed'));
ALTER TABLE renewals ADD COLUMN in_force_at timestamptz;
ALTER TABLE renewals ADD COLUMN lapsed_at timestamptz;
ALTER TABLE renewals ADD CONSTRAINT renewals_in_force_signed CHECK (status <> 'in_force' OR (signed_at IS NOT NULL AND in_force_at IS NOT NULL));
ALTER TABLE renewals ADD CONSTRAINT renewals_lapsed_unsigned CHECK (status <> 'lapsed' OR (signed_at IS NULL AND lapsed_at IS NOT NULL));

-- The run's daily look for renewals whose term has come: only the ones still waiting.
CREATE INDEX renewals_waiting ON renewals (term_start) WHERE status IN ('offered', 'signed');
