import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { localToday, MESSAGES } from '../../contract/index.ts';
import { createFileBlobStore } from '../blobs/file-store.ts';
import { PDF_LIKE } from '../blobs/testing.ts';
import { sendNotice, postedNoticeById, type Notice } from '../notices/notices.ts';
import { createTestModeGateway } from '../payments/test-mode.ts';
import { bindPolicy } from '../policies/testing.ts';
import { dbTargets, PUBLIC_ORIGIN, suiteApp, tempDir, testApp } from '../testing/harness.ts';

const NOW = new Date('2026-03-02T12:00:00.000Z');
const TODAY = localToday(NOW);
const OPS_PASSWORD = 'a-long-operations-password';
const opsAuth = { Authorization: `Basic ${Buffer.from(`ops:${OPS_PASSWORD}`).toString('base64')}` };
const url = (path: string) => `http://localhost:4321${path}`;

for (const target of dbTargets()) {
  describe(`the operations page's notices to post on ${target}`, () => {
    const blobsDir = tempDir('ppm-ops-notices-');
    const blobs = createFileBlobStore(join(blobsDir.path, 'blobs'));
    const { testDb, t } = suiteApp(target, (db) => ({ clock: () => NOW, payments: createTestModeGateway(db), blobs, config: { opsPassword: OPS_PASSWORD } }));

    const post = (id: number | string, body: unknown, headers: Record<string, string> = opsAuth) =>
      t.app.request(url(`/ops/notices/${id}/posted`), {
        method: 'POST', headers: { 'Content-Type': 'application/json', Origin: PUBLIC_ORIGIN, ...headers }, body: JSON.stringify(body),
      });

    async function queued(kind: Notice['kind'], filename: string) {
      const policy = await bindPolicy(t, testDb.db, TODAY, { state: 'TX' });
      const notice: Notice = {
        policyId: policy.policyId, kind, mail: { to: policy.email, subject: 'x', text: 'x', html: '<p>x</p>' }, pdf: { filename, bytes: PDF_LIKE },
      };
      const sent = await testDb.db.transaction((tx) => sendNotice(tx, { blobs, clock: () => NOW }, notice));
      assert.equal(sent.channel, 'post');
      return { policy, id: sent.channel === 'post' ? sent.postedNoticeId : 0 };
    }

    test('lists the notices waiting (kind, policy, address, created), downloads each PDF, and marks one posted once', async () => {
      const bill = await queued('bill', 'bill-2026-04.pdf');
      const cancellation = await queued('cancellation-notice', 'cancellation "notice"\r\n.pdf');

      assert.equal((await t.app.request(url('/ops/notices'))).status, 401, 'behind the ops password');
      const page = await t.app.request(url('/ops/notices'), { headers: opsAuth });
      assert.equal(page.status, 200);
      assert.match(page.headers.get('content-security-policy') ?? '', /script-src 'self'/);
      assert.equal(page.headers.get('cache-control'), 'no-store');
      const html = await page.text();
      for (const [item, kind] of [[bill, 'bill'], [cancellation, 'cancellation-notice']] as const) {
        assert.match(html, new RegExp(`<td>${kind}</td>\\s*<td>${item.policy.policyNumber}</td>`), 'its kind and policy number');
        assert.ok(html.includes(`href="/ops/notices/${item.id}/pdf"`), 'a link to its PDF');
        assert.ok(html.includes(`data-notice="${item.id}"`), 'a way to mark it posted');
      }
      assert.ok(html.includes(NOW.toISOString()), 'when it was made');
      assert.ok(html.includes('cancellation &#34;notice&#34;'), 'escaped');

      assert.equal((await t.app.request(url(`/ops/notices/${bill.id}/pdf`))).status, 401);
      const pdf = await t.app.request(url(`/ops/notices/${bill.id}/pdf`), { headers: opsAuth });
      assert.equal(pdf.status, 200);
      assert.equal(pdf.headers.get('content-type'), 'application/pdf');
      assert.equal(pdf.headers.get('content-disposition'), 'attachment; filename="bill-2026-04.pdf"');
      assert.deepEqual(new Uint8Array(await pdf.arrayBuffer()), PDF_LIKE, 'the PDF as it was queued');
      const odd = await t.app.request(url(`/ops/notices/${cancellation.id}/pdf`), { headers: opsAuth });
      assert.equal(odd.headers.get('content-disposition'), 'attachment; filename="cancellation__notice___.pdf"', 'no quote or line break in the header');
      assert.equal((await t.app.request(url('/ops/notices/99999/pdf'), { headers: opsAuth })).status, 404);
      const script = await t.app.request(url('/ops/notices/notices.js'), { headers: opsAuth });
      assert.match(script.headers.get('content-type') ?? '', /^text\/javascript/);

      assert.equal((await post(bill.id, { postedBy: 'Dana' }, {})).status, 401, 'marking needs the password too');
      const empty = await post(bill.id, { postedBy: '  ' });
      assert.deepEqual([empty.status, ((await empty.json()) as { error_messages: string[] }).error_messages], [400, [MESSAGES.required]], "the rule's message");
      const long = await post(bill.id, { postedBy: 'x'.repeat(129) });
      assert.equal(long.status, 400);
      const noBody = await t.app.request(url(`/ops/notices/${bill.id}/posted`), { method: 'POST', headers: { ...opsAuth, Origin: PUBLIC_ORIGIN }, body: 'postedBy=Dana' });
      assert.equal(noBody.status, 415, 'JSON only');
      const foreign = await post(bill.id, { postedBy: 'Dana' }, { ...opsAuth, Origin: 'https://dealer.example' });
      assert.equal(foreign.status, 403, 'from this origin only');

      const marked = await post(bill.id, { postedBy: 'Dana' });
      assert.equal(marked.status, 200, await marked.clone().text());
      assert.deepEqual(await marked.json(), { status: 'posted', postedAt: NOW.toISOString() });
      const row = (await postedNoticeById(testDb.db, bill.id))!;
      assert.deepEqual([row.postedAt?.toISOString(), row.postedBy], [NOW.toISOString(), 'Dana']);
      const again = await post(bill.id, { postedBy: 'Eve' });
      assert.equal(again.status, 409);
      assert.deepEqual(((await again.json()) as { error_messages: string[] }).error_messages, [`This notice was already marked posted on ${NOW.toISOString()} by Dana.`]);
      assert.equal((await postedNoticeById(testDb.db, bill.id))!.postedBy, 'Dana', 'the first one stands');
      const missing = await post(99999, { postedBy: 'Dana' });
      assert.deepEqual([missing.status, ((await missing.json()) as { error_messages: string[] }).error_messages], [404, ['There is no such notice.']]);

      const after = await (await t.app.request(url('/ops/notices'), { headers: opsAuth })).text();
      assert.equal(after.includes(`data-notice="${bill.id}"`), false, 'a posted notice leaves the list');
      assert.ok(after.includes(`data-notice="${cancellation.id}"`));
    });

    test('the page is off without a password', async () => {
      const off = testApp(testDb.db, { clock: () => NOW });
      try {
        assert.equal((await off.app.request(url('/ops/notices'), { headers: opsAuth })).status, 404);
      } finally {
        off.cleanup();
      }
    });
  });
}
