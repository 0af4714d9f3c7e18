/**
 * Issue 22 item 6: bodies that made 500s. About 4,000 nested arrays in any JSON field overflowed the stack
 * (the rules' messages print the value they refuse); a carNumber of 1.5, 1e308, 9007199254740993 or 1e400
 * reached PostgreSQL. Now a nesting deeper than MAX_JSON_DEPTH is a 400 with MESSAGES.nestedTooDeep, before
 * any rule runs, in a JSON body and in the claim's multipart `claim` part; and whole numbers are checked by
 * the contract's rule (contract/rules/whole.ts), with its message.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { localToday, MESSAGES } from '../../contract/index.ts';
import * as endpoints from '../../contract/api/endpoints.ts';
import { quoteRequestFixture } from '../quotes/testing.ts';
import { dbTargets, postJson, PUBLIC_ORIGIN, suiteApp, uniqueEmail } from '../testing/harness.ts';
import { MAX_JSON_DEPTH, nestingWithin } from './body.ts';

const NOW = new Date('2026-03-02T12:00:00.000Z');
const DEEP = '['.repeat(4000) + ']'.repeat(4000);

/** A valid-looking body of a few routes, the field to nest in, and the body as JSON text with it nested. */
const ROUTES: { path: string; body: () => Record<string, unknown>; field: string }[] = [
  { path: endpoints.subscribe.path, body: () => ({ userFirstName: 'Ada', userLastName: 'Lovelace', userEmailAddress: uniqueEmail('deep'), userState: 'TX' }), field: 'userFirstName' },
  { path: endpoints.quote.path, body: () => quoteRequestFixture({ state: 'FL', today: localToday(NOW), email: uniqueEmail('deep') }), field: 'drivers' },
  { path: endpoints.vinCheck.path, body: () => ({ vin: 'WP0AB2A93LS225301' }), field: 'vin' },
  { path: endpoints.contactSubmit.path, body: () => ({ firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com' }), field: 'subject' },
  { path: endpoints.signUp.path, body: () => ({ emailAddress: uniqueEmail('deep'), returnUrl: '/account/', password: 'Correct-Horse-9' }), field: 'policyAddress' },
  { path: endpoints.loginWithPassword.path, body: () => ({ accountIdentifier: 'ada@example.com', password: 'x' }), field: 'password' },
  { path: endpoints.bind.path, body: () => ({ quoteNumber: 'Q-2026-000001', quoteVersion: 1, amountDueCents: 100 }), field: 'stripeKey' },
];

function lienholder(carNumber: string): string {
  const body = {
    quoteNumber: 'Q-2026-000001', name: 'Porsche Financial Services', address: '1 Main St', city: 'Atlanta',
    state: 'GA', zip: '30303', phoneNumber: '404-555-0134', carNumber: '@',
  };
  return JSON.stringify(body).replace('"@"', carNumber);
}

describe('the nesting bound', () => {
  test(`counts brackets outside strings only, up to ${MAX_JSON_DEPTH}`, () => {
    assert.equal(MAX_JSON_DEPTH, 32);
    assert.equal(nestingWithin('['.repeat(32) + ']'.repeat(32)), true);
    assert.equal(nestingWithin('['.repeat(33) + ']'.repeat(33)), false);
    assert.equal(nestingWithin('{"a":'.repeat(33) + '1' + '}'.repeat(33)), false);
    assert.equal(nestingWithin(JSON.stringify({ text: '['.repeat(1000) + '\\"[[[' })), true);
  });
});

for (const target of dbTargets()) {
  describe(`hostile bodies on ${target}`, () => {
    const { t } = suiteApp(target, { clock: () => NOW, config: { trustProxy: 1 } });
    let client = 0;
    const headers = () => ({ 'X-Forwarded-For': `198.18.${Math.floor(++client / 250) % 250}.${(client % 250) + 1}` });
    const send = async (path: string, text: string, extra: Record<string, string> = {}) => {
      const res = await t.app.request(...postJson(path, text, { ...headers(), ...extra }));
      return [res.status, await res.json()];
    };

    test('4,000 nested arrays in a field of a JSON body: 400 with the nesting message, on every route tried', async () => {
      for (const route of ROUTES) {
        const text = JSON.stringify({ ...route.body(), [route.field]: '@' }).replace('"@"', DEEP);
        assert.deepEqual(await send(route.path, text), [400, { error_messages: [MESSAGES.nestedTooDeep] }], route.path);
      }
    });

    test('a body nested 4,000 deep as a whole, and 33 deep, are refused the same way; 32 deep is read', async () => {
      assert.deepEqual(await send(endpoints.subscribe.path, '{"a":'.repeat(4000) + '1' + '}'.repeat(4000)), [400, { error_messages: [MESSAGES.nestedTooDeep] }]);
      assert.deepEqual(await send(endpoints.vinCheck.path, DEEP), [400, { error_messages: [MESSAGES.nestedTooDeep] }]);
      const at = (depth: number) => JSON.stringify({ vin: '@' }).replace('"@"', '['.repeat(depth - 1) + ']'.repeat(depth - 1));
      assert.deepEqual(await send(endpoints.vinCheck.path, at(33)), [400, { error_messages: [MESSAGES.nestedTooDeep] }]);
      const [status, body] = await send(endpoints.vinCheck.path, at(32));
      assert.equal(status, 400);
      assert.notDeepEqual(body, { error_messages: [MESSAGES.nestedTooDeep] }, 'read and refused by the VIN rule');
    });

    test("4,000 nested arrays in the claim's multipart `claim` part: 400 with the nesting message", async () => {
      for (const claim of [JSON.stringify({ email: 'ada@example.com', incidentDescription: '@' }).replace('"@"', DEEP), DEEP]) {
        const form = new FormData();
        form.set('claim', claim);
        const res = await t.app.request(`http://localhost:4321${endpoints.claims.path}`, {
          method: 'POST', body: form, headers: { Origin: PUBLIC_ORIGIN, 'Idempotency-Key': `deep-claim-${++client}`, ...headers() },
        });
        assert.deepEqual([res.status, await res.json()], [400, { error_messages: [MESSAGES.nestedTooDeep] }]);
      }
    });

    test('a carNumber that is not a whole number from 1, or not one JavaScript holds exactly, is the rule’s 400', async () => {
      for (const carNumber of ['1.5', '1e308', '9007199254740993', '1e400', '-1e400', '0', '-1', '100', '"1"', 'null', '[]']) {
        const res = await t.app.request(...postJson(endpoints.lienholder.path, lienholder(carNumber), { ...headers(), 'Purchase-Token': 'x'.repeat(43) }));
        assert.deepEqual([res.status, await res.json()], [400, { error_messages: [MESSAGES.odometerVehicle], fields: [{ path: 'carNumber', message: MESSAGES.odometerVehicle }] }], carNumber);
      }
      // A whole number passes the rule (and meets the purchase token's check).
      const res = await t.app.request(...postJson(endpoints.lienholder.path, lienholder('1'), { ...headers(), 'Purchase-Token': 'x'.repeat(43) }));
      assert.equal(res.status, 401);
    });

    test("the bind's quote version and amount: whole numbers in range, else the rule's 400", async () => {
      for (const bad of ['1.5', '1e308', '9007199254740993', '1e400', '0']) {
        const text = `{"quoteNumber":"Q-2026-000001","quoteVersion":${bad},"amountDueCents":${bad}}`;
        const [status, body] = await send(endpoints.bind.path, text);
        assert.equal(status, 400, bad);
        const fields = (body as { fields: { path: string; message: string }[] }).fields;
        assert.deepEqual(fields.filter((field) => field.path === 'quoteVersion' || field.path === 'amountDueCents'), [
          { path: 'quoteVersion', message: MESSAGES.wholeNumber },
          { path: 'amountDueCents', message: MESSAGES.wholeNumber },
        ], bad);
      }
    });

    test('ids in paths that are not whole, or too large, are the 404 of an unknown id, never a 5xx', async () => {
      for (const id of ['1.5', '1e400', '9007199254740993', '99999999999999999999', '-1', '0x10', '%20']) {
        for (const path of [`/api/user/bill_pdf/${id}`, `/api/user/odometer_photo/${id}`, `/api/documents/files/${id}?id=${'a'.repeat(43)}`]) {
          const res = await t.app.request(`http://localhost:4321${path}`, { headers: headers() });
          assert.ok(res.status >= 400 && res.status < 500, `${path}: ${res.status}`);
        }
      }
    });
  });
}
