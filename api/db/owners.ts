/**
 * Which module owns each table (issue 20, STYLE.md 11: a module owns its tables; only it reads and writes
 * them, and others call it). An owner is a file, or a folder ending in '/' whose files share the tables.
 * owners.test.ts reads the tables from the migrations and the SQL of every module under api/, and fails
 * when a table has no owner here or a module other than its owner names it in SQL.
 */

export const TABLE_OWNERS: Readonly<Record<string, string>> = {
  // the policy aggregate: the policy, its vehicles, drivers, coverages, lienholders, status and signatures
  policies: 'api/policies/records.ts',
  policy_vehicles: 'api/policies/records.ts',
  policy_drivers: 'api/policies/records.ts',
  policy_coverages: 'api/policies/records.ts',
  lienholders: 'api/policies/records.ts',
  signatures: 'api/policies/records.ts',
  policy_status_changes: 'api/policies/records.ts',
  // the buyer's consent to receive bills and notices by e-mail (migration 026)
  delivery_consents: 'api/policies/records.ts',
  // the quote aggregate, with its versions and e-mail links
  quotes: 'api/quotes/store.ts',
  quote_versions: 'api/quotes/store.ts',
  // the outbox: mail and texts (channel 'text', migration 007) queued in the transaction that decides them
  mail_queue: 'api/mail/queue.ts',
  tokens: 'api/tokens/',
  // payments: attempts, the charge that bought a policy, refunds, cards, the ledger, the provider's events
  bind_attempts: 'api/payments/',
  payments: 'api/payments/',
  refunds: 'api/payments/',
  payment_cards: 'api/payments/',
  ledger_entries: 'api/payments/',
  test_mode_objects: 'api/payments/',
  payment_events: 'api/payments/',
  payment_disputes: 'api/payments/',
  // the daily reconciliation of the ledger with the provider (api/payments/reconciliation.ts)
  reconciliations: 'api/payments/',
  // the documents: every PDF made, and the queue of policies whose documents are to be made again
  policy_documents: 'api/documents/',
  document_jobs: 'api/documents/',
  // notices posted to a policy without the consent to electronic delivery, waiting for the team (migration 026)
  posted_notices: 'api/notices/',
  odometer_readings: 'api/odometer/readings.ts',
  // the billing cycle (issue 21): a policy's periods and, per vehicle, its reading request (records.ts);
  // its bills, each bill's charge and a notice of cancellation for non-payment (bills.ts)
  billing_periods: 'api/billing/',
  billing_reading_requests: 'api/billing/',
  bills: 'api/billing/',
  bill_charges: 'api/billing/',
  billing_cancellations: 'api/billing/',
  renewals: 'api/renewals/store.ts',
  job_leases: 'api/jobs/lease.ts',
  accounts: 'api/auth/',
  sessions: 'api/auth/',
  account_quotes: 'api/quotes/store.ts',
  card_requests: 'api/account/',
  claims: 'api/claims/',
  claim_photos: 'api/claims/',
  contact_messages: 'api/contact/',
  subscribers: 'api/contact/',
  rate_limits: 'api/http/',
  idempotency_keys: 'api/http/',
};

/** Whether `file` (a path from the repository root) is, or is inside, `owner`. */
const isOwnedBy = (file: string, owner: string): boolean => (owner.endsWith('/') ? file.startsWith(owner) : file === owner);

/** The tables a migration creates, less the ones a migration drops, in the order they were made. */
export function tablesOfMigrations(sources: readonly string[]): string[] {
  const created: string[] = [];
  for (const sql of sources) {
    for (const match of sql.matchAll(/\bCREATE TABLE\s+(?:IF NOT EXISTS\s+)?([a-z_][a-z0-9_]*)/gi)) created.push(match[1]!.toLowerCase());
    for (const match of sql.matchAll(/\bDROP TABLE\s+(?:IF EXISTS\s+)?([a-z_][a-z0-9_]*)/gi)) {
      const index = created.indexOf(match[1]!.toLowerCase());
      if (index >= 0) created.splice(index, 1);
    }
  }
  return created;
}

/**
 * The string literals of a TypeScript source that read as SQL (a statement keyword in capitals), comments
 * removed first so a quote mark in prose cannot pair with one in code.
 */
export function sqlStrings(source: string): string[] {
  const code = source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[\s;{}(),])\/\/.*$/gm, '$1');
  const literals = code.match(/`(?:[^`\\]|\\.)*`|'(?:[^'\\\n]|\\.)*'|"(?:[^"\\\n]|\\.)*"/g) ?? [];
  return literals.filter((literal) => /\b(SELECT|INSERT|UPDATE|DELETE|CREATE|ALTER|DROP|TRUNCATE)\b/.test(literal));
}

/** The tables of `tables` that the SQL strings of `source` name after FROM, JOIN, INTO, UPDATE, TABLE or USING. */
export function tablesTouched(source: string, tables: readonly string[]): string[] {
  const sql = sqlStrings(source).join('\n');
  return tables.filter((table) => new RegExp(`\\b(FROM|JOIN|INTO|UPDATE|TABLE|USING)\\s+${table}\\b`, 'i').test(sql));
}

/** 'file table' of each table a file touches without owning it. */
export function ownershipViolations(files: readonly { path: string; source: string }[], tables: readonly string[]): string[] {
  const violations: string[] = [];
  for (const file of files) {
    for (const table of tablesTouched(file.source, tables)) {
      const owner = TABLE_OWNERS[table];
      if (owner === undefined || !isOwnedBy(file.path, owner)) violations.push(`${file.path} ${table}`);
    }
  }
  return violations;
}
