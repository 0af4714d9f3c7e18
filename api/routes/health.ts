import { Hono } from 'hono';
import type { Db } from '../db/db.ts';
import { BRAND } from '../../contract/index.ts';
import * as endpoints from '../../contract/api/endpoints.ts';
import { on } from '../http/endpoint.ts';

/** GET /api/health: liveness with a real round trip to the database, so a load balancer sees a dead db. */
export function healthRoutes(db: Db): Hono {
  const app = new Hono();
  on(app, endpoints.health, async () => {
    await db.query('SELECT 1');
    return { body: { status: 'ok', version: BRAND.version, database: db.kind } };
  });
  return app;
}
