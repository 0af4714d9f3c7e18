/**
 * `node api/main.ts` as a fleet (api/fleet.ts), run as a deployment runs it: a real primary and real workers,
 * driven by signals, watched through their log lines. On PGlite: one process, said so, and WORKERS above 1
 * refused. On PostgreSQL: two workers on one port, each taking connections, a killed worker replaced, a port
 * in use stopping the start, and SIGTERM stopping every worker gracefully.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { dbTargets, freshPostgresDatabase } from './testing/harness.ts';
import { getOnNewConnection, startServerProcess } from './testing/server-process.ts';

const startMain = (env: Record<string, string>) => startServerProcess({ env });

for (const target of dbTargets()) {
  describe(`node api/main.ts on ${target}`, () => {
    if (target === 'pglite') {
      test('runs one process and says why; WORKERS above 1 stops the start with the setting to fix', async () => {
        const lone = startMain({});
        await lone.waitFor(/processes: one \(the embedded PGlite database has one user at a time; with DATABASE_URL, one per core\)/);
        const url = (await lone.waitFor(/site and api: (http:\/\/\S+)/))[1]!;
        assert.equal(await getOnNewConnection(`${url}/api/health`), 200);
        assert.doesNotMatch(lone.output, /fleet:|\[worker/);
        lone.child.kill('SIGTERM');
        assert.equal(await lone.exited, 0);

        const refused = startMain({ WORKERS: '2' });
        assert.equal(await refused.exited, 1);
        assert.match(refused.output, /Cannot start: WORKERS=2 needs DATABASE_URL: the embedded PGlite database is one process's files/);
      });
      return;
    }

    test('two workers share the port and both take connections; a killed worker is replaced; SIGTERM stops all of them', async () => {
      const database = await freshPostgresDatabase('ppm_fleet');
      const fleet = startMain({ DATABASE_URL: database.url, WORKERS: '2' });
      try {
        await fleet.waitFor(/fleet: 2 API processes on port 0, one PostgreSQL behind them/);
        await fleet.waitFor(/; all 2 ready/);
        const urls = [...fleet.output.matchAll(/\[worker (\d)\] site and api: (http:\/\/\S+)/g)];
        assert.deepEqual(urls.map((line) => line[1]).sort(), ['1', '2']);
        assert.equal(urls[0]![2], urls[1]![2], 'one port for the fleet');
        const url = urls[0]![2]!;
        // one password for the operations pages across the fleet, or it would work on one request in two
        const passwords = [...fleet.output.matchAll(/password (\S+), made for this run/g)].map((line) => line[1]);
        assert.equal(passwords.length, 2);
        assert.equal(passwords[0], passwords[1]);

        // the primary hands connections out in turn: of 10, each worker takes some
        for (let sent = 0; sent < 10; sent += 1) assert.equal(await getOnNewConnection(`${url}/api/health`), 200);
        await fleet.waitFor(/\[worker 1\] \S+ GET \/api\/health 200/);
        await fleet.waitFor(/\[worker 2\] \S+ GET \/api\/health 200/);

        // a worker that dies is replaced under the same number
        const pid = Number((await fleet.waitFor(/fleet: worker 2 ready \(pid (\d+)\)/))[1]);
        const beforeKill = fleet.output.length;
        process.kill(pid, 'SIGKILL');
        await fleet.waitFor(new RegExp(`fleet: worker 2 \\(pid ${pid}\\) ended \\(signal SIGKILL\\); starting another`), beforeKill);
        const replaced = await fleet.waitFor(/fleet: worker 2 ready \(pid (\d+)\); all 2 ready/, beforeKill);
        assert.notEqual(Number(replaced[1]), pid);
        for (let sent = 0; sent < 4; sent += 1) assert.equal(await getOnNewConnection(`${url}/api/health`), 200);

        // a second fleet on the same port fails to start, says why once per worker, and stops with 1
        const port = new URL(url).port;
        const second = startMain({ DATABASE_URL: database.url, WORKERS: '2', PORT: port });
        assert.equal(await second.exited, 1);
        assert.match(second.output, new RegExp(`Cannot start: PORT: port ${port} on 127.0.0.1 is already in use`));
        assert.match(second.output, /fleet: worker \d ended before it was ready \(exit code 1\); stopping the fleet/);

        fleet.child.kill('SIGTERM');
        assert.equal(await fleet.exited, 0);
        assert.match(fleet.output, /\[worker 1\] SIGTERM: shutting down/);
        assert.match(fleet.output, /\[worker 2\] SIGTERM: shutting down/);
        assert.match(fleet.output, /fleet: stopped/);
        await assert.rejects(getOnNewConnection(`${url}/api/health`), /ECONNREFUSED/);
      } finally {
        if (fleet.child.exitCode === null) fleet.child.kill('SIGKILL');
        await fleet.exited;
        await database.drop();
      }
    });
  });
}
