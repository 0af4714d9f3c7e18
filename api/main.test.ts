import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, writeFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { connect, createServer } from 'node:net';
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { ConfigError, outboxDirOf } from './config.ts';
import { startServer } from './server.ts';
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
        assert.equal(readdirSync(outboxDirOf(dir.path)).filter((name) => name.endsWith('.eml')).length, 1);
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

describe('stopping gracefully (issue 25, item 6)', () => {
  /** A raw HTTP/1.1 connection, to hold a request open across the stop. */
  async function rawConnection(port: number) {
    const socket = connect(port, '127.0.0.1');
    await once(socket, 'connect');
    let received = '';
    socket.on('data', (chunk: Buffer) => (received += chunk.toString('latin1')));
    const ended = new Promise<void>((resolve) => socket.once('close', () => resolve()));
    const waitFor = async (pattern: RegExp) => {
      while (!pattern.test(received)) {
        if (socket.destroyed) assert.fail(`closed before ${pattern}: ${JSON.stringify(received)}`);
        await Promise.race([once(socket, 'data'), ended]);
      }
    };
    return { socket, ended, waitFor, received: () => received };
  }

  test('a request in flight when the stop begins is answered in full; no new connection is taken meanwhile', async () => {
    const dir = tempDir('ppm-main-');
    const testDb = await openTestDb('pglite', { migrated: false });
    const logs: string[] = [];
    const server = await startServer({
      port: 0, host: '127.0.0.1', demoPort: 0, dataDir: dir.path, siteDir: dir.path, embedDir: dir.path, demoDir: dir.path,
      db: testDb.db, log: (line) => logs.push(line),
    });
    const port = Number(new URL(server.url).port);
    const body = JSON.stringify({ vin: 'WP0AB2A99KS123456' });
    const headers = { Origin: server.config.publicOrigin, 'Content-Type': 'application/json' };
    let closing: Promise<void> | undefined;
    try {
      assert.equal((await fetch(`${server.url}/api/health/ready`)).status, 200);
      const expected = await fetch(`${server.url}/api/vin/check`, { method: 'POST', headers, body });

      // the headers and a part of the body; 100 Continue says the server has the request and its route runs
      const held = await rawConnection(port);
      held.socket.write(
        `POST /api/vin/check HTTP/1.1\r\nHost: localhost:${port}\r\nOrigin: ${headers.Origin}\r\nContent-Type: application/json\r\n` +
          `Content-Length: ${Buffer.byteLength(body)}\r\nExpect: 100-continue\r\n\r\n${body.slice(0, 8)}`,
      );
      await held.waitFor(/^HTTP\/1\.1 100 Continue\r\n\r\n/);

      closing = server.close();
      // no new connection from the moment the stop begins
      for (;;) {
        const probe = connect(port, '127.0.0.1');
        const outcome = await new Promise<string | undefined>((resolve) => {
          probe.once('connect', () => resolve('connected'));
          probe.once('error', (error: NodeJS.ErrnoException) => resolve(error.code));
        });
        probe.destroy();
        if (outcome === 'ECONNREFUSED') break;
      }
      held.socket.write(body.slice(8));
      // the server closes the connection once it has answered
      await held.ended;
      const answer = held.received();
      assert.match(answer, new RegExp(`HTTP/1\\.1 ${expected.status} `), 'the same answer as before the stop');
      assert.match(answer, /\r\nConnection: close\r\n/i, 'and the connection closes after it');
      assert.ok(answer.endsWith(await expected.text()), answer);
      await closing;
      assert.ok(logs.some((line) => new RegExp(`POST /api/vin/check ${expected.status} \\d+ms$`).test(line)), 'logged as any request');
    } finally {
      await (closing ?? server.close());
      await testDb.cleanup();
      dir.remove();
    }
  });

  test('a request still unfinished after the grace is cut off, and the stop completes', async () => {
    const dir = tempDir('ppm-main-');
    const testDb = await openTestDb('pglite', { migrated: false });
    const server = await startServer({
      port: 0, host: '127.0.0.1', demoPort: 0, dataDir: dir.path, siteDir: dir.path, embedDir: dir.path, demoDir: dir.path,
      db: testDb.db, log: () => {}, shutdownGraceMs: 300,
    });
    const port = Number(new URL(server.url).port);
    try {
      const held = await rawConnection(port);
      held.socket.write(
        `POST /api/vin/check HTTP/1.1\r\nHost: localhost:${port}\r\nOrigin: ${server.config.publicOrigin}\r\nContent-Type: application/json\r\n` +
          'Content-Length: 1000\r\nExpect: 100-continue\r\n\r\n{"vin":',
      );
      await held.waitFor(/^HTTP\/1\.1 100 Continue\r\n\r\n/);
      await server.close();
      await held.ended;
      assert.doesNotMatch(held.received(), /HTTP\/1\.1 [2-5]\d\d /, 'no answer: the body never came');
    } finally {
      await testDb.cleanup();
      dir.remove();
    }
  });
});
