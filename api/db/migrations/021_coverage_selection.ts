/**
 * Migration 021 (issue 20), a data step: every quote version keeps the step 4 choices it was priced from
 * (its request's `coverageSelection`, contract CoverageSelection), so the wizard opens a stored quote's step 4
 * with them instead of searching for a form that gives its limits. The API stores them with every version
 * since this issue (api/quotes/create-quote.ts); this gives them to the quotes and versions stored before.
 *
 * Their choices are what their limits say, read by the contract's coverage rules (formOfLimits, the reading
 * the API's check of every request makes): SQL does not have those rules, hence a step in TypeScript. A limit
 * the state no longer offers is left unchosen, so the shopper picks it again; a quote of a state without
 * coverage rules keeps no choices (none can be stored; the wizard then starts step 4 from its recommended
 * package). The request's copy inside the stored answer (`quoteRequest`, what the lookups and the hand-over
 * send) gets the same choices, and the request's hash is made again over the request as now stored, as the
 * quote call makes it (same-request look-ups compare it).
 *
 * Rows are read in pages of PAGE by key, so a large table is never held in memory at once.
 */
import { formOfLimits, limitsOfRequest, selectionOf } from '../../../contract/coverage/index.ts';
import { sha256Hex } from '../../hash.ts';
import type { Queryable } from '../queryable.ts';

const PAGE = 200;

interface StoredVersion {
  /** quotes.id, or quote_versions.quote_id */
  id: number;
  /** 0 for the quotes row (its key is the id alone) */
  version: number;
  rate_table_version: string;
  request: string;
  response: string;
}

type Json = Record<string, unknown>;

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The request with the choices its limits say, or null when it has some already or none can be read. */
function withSelection(request: unknown): Json | null {
  if (!isObject(request) || request.coverageSelection !== undefined) return null;
  const { ratedState, vehicles, limits } = request;
  if (typeof ratedState !== 'string' || !Array.isArray(vehicles) || !Array.isArray(limits)) return null;
  const form = formOfLimits(ratedState, limitsOfRequest(request as Parameters<typeof limitsOfRequest>[0]), vehicles.length, '');
  return form ? { ...request, coverageSelection: selectionOf(form) } : null;
}

export async function up(tx: Queryable): Promise<void> {
  await backfill(tx, {
    versioned: false,
    page: `SELECT id, 0 AS version, rate_table_version, request::text AS request, response::text AS response FROM quotes
           WHERE id > $1 ORDER BY id LIMIT ${PAGE}`,
    update: `UPDATE quotes SET request = $1::json, response = $2::json, request_hash = $3 WHERE id = $4`,
  });
  await backfill(tx, {
    versioned: true,
    page: `SELECT quote_id AS id, version, rate_table_version, request::text AS request, response::text AS response FROM quote_versions
           WHERE (quote_id, version) > ($1, $2) ORDER BY quote_id, version LIMIT ${PAGE}`,
    update: `UPDATE quote_versions SET request = $1::json, response = $2::json, request_hash = $3 WHERE quote_id = $4 AND version = $5`,
  });
}

/** Pages through one table by its key (`versioned`: quote_versions' (quote_id, version), else quotes' id). */
async function backfill(tx: Queryable, table: { versioned: boolean; page: string; update: string }): Promise<void> {
  const key = (row: { id: number; version: number }) => (table.versioned ? [row.id, row.version] : [row.id]);
  let after = { id: 0, version: 0 };
  for (;;) {
    const rows = await tx.query<StoredVersion>(table.page, key(after));
    for (const row of rows) {
      const request = withSelection(JSON.parse(row.request));
      if (request === null) continue;
      const requestJson = JSON.stringify(request);
      const response = JSON.parse(row.response) as unknown;
      if (isObject(response) && isObject(response.quoteRequest) && response.quoteRequest.coverageSelection === undefined) {
        response.quoteRequest = { ...response.quoteRequest, coverageSelection: request.coverageSelection };
      }
      const hash = sha256Hex(`${row.rate_table_version}\n${requestJson}`);
      await tx.query(table.update, [requestJson, JSON.stringify(response), hash, ...key(row)]);
    }
    if (rows.length < PAGE) return;
    after = rows[rows.length - 1]!;
  }
}
