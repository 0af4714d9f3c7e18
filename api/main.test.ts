import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, writeFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { ConfigError } from './config.ts';
import { startServer } from './main.ts';
import { dbTargets, openTestDb, tempDir } from './testing/harness.ts';

for (const target of dbTargets()) {
  describe(`one real process on ${target}`, () => {
    test('serves the api, the site and the demo as a second origin; the widget path works across origins', async () => {
      const dir = tempDir('ppm-main-');
      const testDb = await openTestDb(target, { migrated: false });
      const demoDir = join(dir.path, 'demo');
      mkdirSync(demoDir);
      writeFileSync(join(demoDir, 'index.html'), '<script type="module" src="http://localhost:4321/embed/embed.js"></script>');
      const logs: string[] = [];
      const server = await startServer({
        port: 0,
        host: '127.0.0.1',
        ephemeralDemo: true,
        dataDir: dir.path,
        siteDir: join(dir.path, 'no-site'),
        embedDir: join(dir.path, 'no-embed'),
        demoDir,
        corsOrigins: [],
        db: testDb.db,
        log: (line) => logs.push(line),
      });
      try {
        // The demo's port is picked by the kernel; startServer adds its origin to the CORS list.
        const demoOrigin = server.demoUrl!;
        assert.match(logs.join('\n'), /warning: SITE_DIR .* does not exist/);
        assert.match(logs.join('\n'), /applied migrations 001/);

        const health = await fetch(`${server.url}/api/health`);
        assert.equal(health.status, 200);
        assert.equal(((await health.json()) as { status: string }).status, 'ok');

        // outside production the operations pages are on, behind a password made for the run (issue 23)
        const made = /operations pages: \S+\/ops\/odometer \(any user name; password (\S+), made for this run/.exec(logs.join('\n'))?.[1];
        assert.ok(made, 'the password is printed at start');
        assert.equal((await fetch(`${server.url}/ops/odometer`)).status, 401);
        const ops = await fetch(`${server.url}/ops/odometer`, { headers: { Authorization: `Basic ${Buffer.from(`ops:${made}`).toString('base64')}` } });
        assert.equal(ops.status, 200);

        const page = await fetch(`${server.demoUrl}/`);
        const publicOrigin = server.config.publicOrigin;
        assert.match(publicOrigin, /^http:\/\/localhost:\d+$/);
        assert.equal(await page.text(), `<script type="module" src="${publicOrigin}/embed/embed.js"></script>`);
        assert.equal((await fetch(`${server.demoUrl}/api/health`)).status, 404, 'the demo origin serves demo files only');

        const email = 'Real.Server@example.com';
        const preflight = await fetch(`${server.url}/api/contact/subscribe`, {
          method: 'OPTIONS',
          headers: { Origin: demoOrigin, 'Access-Control-Request-Method': 'POST', 'Access-Control-Request-Headers': 'content-type' },
        });
        assert.equal(preflight.status, 204);
        const res = await fetch(`${server.url}/api/contact/subscribe`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', Origin: demoOrigin },
          body: JSON.stringify({ userFirstName: 'Real', userLastName: 'Server', userEmailAddress: email, userState: 'GA' }),
        });
        assert.equal(res.status, 201);
        assert.equal(res.headers.get('access-control-allow-origin'), demoOrigin);
        await server.mail.settled();
        assert.equal(readdirSync(join(dir.path, 'outbox')).filter((name) => name.endsWith('.eml')).length, 1);
        assert.ok(!logs.join('\n').includes(email.split('@')[0]!));
        assert.ok(logs.some((line) => /POST \/api\/contact\/subscribe 201 \d+ms$/.test(line)));
      } finally {
        await server.close();
        await testDb.cleanup();
        dir.remove();
      }
      await assert.rejects(fetch(`${server.url}/api/health`), 'closed servers refuse connections');
    });

    test('a port in use stops the start with the variable to change, before any migration runs', async () => {
      const dir = tempDir('ppm-main-');
      const testDb = await openTestDb(target, { migrated: false });
      const holder = createServer();
      await new Promise<void>((resolve) => holder.listen(0, '127.0.0.1', resolve));
      const taken = (holder.address() as AddressInfo).port;
      const logs: string[] = [];
      try {
        for (const [setting, ports] of [
          ['PORT', { port: taken, demoPort: 0 }],
          ['DEMO_PORT', { port: 0, demoPort: taken }],
        ] as const) {
          await assert.rejects(
            startServer({ ...ports, host: '127.0.0.1', dataDir: dir.path, siteDir: dir.path, embedDir: dir.path, demoDir: dir.path, db: testDb.db, log: (line) => logs.push(line) }),
            (error: unknown) =>
              error instanceof ConfigError && error.message.startsWith(`${setting}: port ${taken} `) && error.message.includes(`start with ${setting} set to a free port`),
          );
        }
        const tables = await testDb.db.query<{ name: string }>("SELECT table_name AS name FROM information_schema.tables WHERE table_name = 'schema_migrations' AND table_schema = current_schema()");
        assert.deepEqual(tables, [], 'nothing was migrated');
        assert.ok(!logs.some((line) => line.includes('applied migrations')));
      } finally {
        holder.close();
        await testDb.cleanup();
        dir.remove();
      }
    });
  });
}
