import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { addMonths, formatIsoDate, localToday } from '../../contract/index.ts';
import { commandLineSetting } from '../testing/command-line.ts';
import { billingFromCommandLine } from './cli.ts';

describe('npm run billing', () => {
  test("runs the cycle as of the day asked in the server's own database (DATA_DIR's PGlite here), delivers what it sends, prints one line; a second run sends nothing", async () => {
    // A policy bought today, in the database the server would use.
    const { dir, env, policy, sent: outbox } = await commandLineSetting('ppm-billing-');
    try {
      const today = localToday();
      const requests = () => outbox(new RegExp(`odometer photo for policy ${policy.policyNumber}`));
      const lines: string[] = [];
      const run = (asOf: string) => billingFromCommandLine(['--as-of', asOf], env, (line) => lines.push(line));
      assert.equal(await run(formatIsoDate(today)), 0, lines.join('\n'));
      assert.match(lines.at(-1)!, /^billing: 1 periods opened, 0 closed; 0 reading requests sent, 0 reminders sent, 0 readings linked; 0 bills made; 0 charges made, 0 failed, 0 unknown; 0 refunds; 0 notices of cancellation, 0 cancellations; 0 policies failed \(as of \d{4}-\d{2}-\d{2}\)$/);

      // The first period's end, a month on: its reading is asked for, by e-mail and text.
      const end = formatIsoDate(addMonths(today, 1));
      assert.equal(await run(end), 0, lines.join('\n'));
      assert.match(lines.at(-1)!, /1 periods opened, 0 closed; 1 reading requests sent, 0 reminders sent/);
      const sent = requests();
      assert.equal(sent.length, 2, 'an e-mail and a text');
      assert.ok(sent.every((message) => /https:\/\/www\.example\.com\/odometer\?token=[0-9a-f]{64}/.test(message)), 'each with a link on the public origin');

      assert.equal(await run(end), 0);
      assert.match(lines.at(-1)!, /0 periods opened, 0 closed; 0 reading requests sent, 0 reminders sent/, 'the same day again sends nothing');
      assert.equal(requests().length, 2);
    } finally {
      dir.remove();
    }
  });

  test('is refused with NODE_ENV=production, and without a day written YYYY-MM-DD, before it opens anything', async () => {
    const lines: string[] = [];
    const log = (line: string) => lines.push(line);
    // DATA_DIR names no folder: a refusal that opened the database would fail differently.
    const env = { DATA_DIR: '/nonexistent/ppm-billing', PUBLIC_ORIGIN: 'https://www.example.com' };
    assert.equal(await billingFromCommandLine(['--as-of', '2027-01-01'], { ...env, NODE_ENV: 'production' }, log), 2);
    assert.match(lines.at(-1)!, /refused with NODE_ENV=production/);
    assert.equal(await billingFromCommandLine([], env, log), 2);
    assert.match(lines.at(-1)!, /say which day to run as of\. usage: npm run billing -- --as-of YYYY-MM-DD/);
    assert.equal(await billingFromCommandLine(['--as-of', '2027-02-30'], env, log), 2);
    assert.match(lines.at(-1)!, /"2027-02-30" is not a date written YYYY-MM-DD/);
  });
});
