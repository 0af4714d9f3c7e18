import { Hono } from 'hono';
import type { Db } from '../db/db.ts';
import { BRAND } from '../../contract/index.ts';
import * as endpoints from '../../contract/api/endpoints.ts';
import { on } from '../http/endpoint.ts';

/** How long readiness waits for the database's answer before it says the database is unavailable. */
const READY_DB_TIMEOUT_MS = 2_000;

/** Whether the process has been told to stop (api/server.ts): it finishes what it holds, and takes nothing new. */
export type Stopping = () => boolean;

/**
 * GET /api/health: liveness with a real round trip to the database, so a load balancer sees a dead db.
 * GET /api/health/ready: whether to send this process requests: not once it is stopping (a rolling deploy's
 * SIGTERM), nor while its database does not answer.
 */
export function healthRoutes(db: Db, stopping: Stopping = () => false): Hono {
  const app = new Hono();
  on(app, endpoints.health, async () => {
    await db.query('SELECT 1');
    return { body: { status: 'ok', version: BRAND.version, database: db.kind } };
  });
  on(app, endpoints.ready, async () => {
    if (stopping()) return { status: 503, other: { status: 'stopping' }, headers: { 'Retry-After': '1' } };
    if (!(await answersWithin(db, READY_DB_TIMEOUT_MS))) return { status: 503, other: { status: 'database unavailable' }, headers: { 'Retry-After': '5' } };
    return { body: { status: 'ready', database: db.kind } };
  });
  return app;
}

/** Whether `SELECT 1` comes back within `ms`: a database that hangs is as unready as one that refuses. */
async function answersWithin(db: Db, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), ms)));
  try {
    return await Promise.race([db.query('SELECT 1').then(() => true, () => false), late]);
  } finally {
    clearTimeout(timer);
  }
}
