import { Hono } from 'hono';
import type { Db } from '../db/db.ts';
import { BRAND } from '../../contract/index.ts';

/** GET /api/health: liveness with a real round trip to the database, so a load balancer sees a dead db. */
export function healthRoutes(db: Db): Hono {
  const app = new Hono();
  app.get('/health', async (c) => {
    await db.query('SELECT 1');
    return c.json({ status: 'ok', version: BRAND.version, database: db.kind });
  });
  return app;
}
