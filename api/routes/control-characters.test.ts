/**
 * The fuzz 500 of issue 7: a NUL (\u0000) or a lone surrogate (\ud800) in a text field reached the
 * database, which refuses them in a stored JSON document (22P05, 22P02), and the quote call answered 500.
 * Here every string in a valid body of every route that takes text is poisoned with each character in
 * turn: the answer is a 400 (with the text rule's message where the field is free text), never a 5xx; and
 * a refused request does not spend the client's rate limit.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { hasUnsafeCharacters, localToday, MESSAGES } from '../../contract/index.ts';
import * as endpoints from '../../contract/api/endpoints.ts';
import { quoteRequestFixture } from '../quotes/testing.ts';
import { dbTargets, postJson, suiteApp, testApp, uniqueEmail } from '../testing/harness.ts';

const NOW = new Date('2026-03-02T12:00:00.000Z');
const TODAY = localToday(NOW);
const POISON = { NUL: '\u0000', 'lone surrogate': '\ud800', 'lone low surrogate': '\udc00', escape: '\u001b' } as const;

/**
 * A valid body of each route that takes text, as the widgets send it. Paths come from the contract's endpoint
 * table, so a renamed or removed route fails to compile here instead of being skipped.
 */
function routes(): { path: string; body: () => Record<string, unknown>; freeText: string[] }[] {
  return [
    {
      path: endpoints.subscribe.path,
      body: () => ({ userFirstName: 'Ada', userLastName: 'Lovelace', userEmailAddress: uniqueEmail('ctl'), userState: 'TX' }),
      freeText: ['userFirstName', 'userLastName'],
    },
    {
      path: endpoints.quote.path,
      body: () => quoteRequestFixture({ state: 'FL', today: TODAY, email: uniqueEmail('ctl') }),
      // the fields the fuzzer found, and every other text the request carries; the seventh it found,
      // priorBiLimit, is now one of a list and answers the choice message (a 400 all the same)
      freeText: [
        'insuredFirstName', 'insuredLastName', 'addresses.0.streetName', 'addresses.0.city',
        'drivers.0.firstName', 'drivers.0.lastName', 'returnUrl', 'limits.0.limit',
      ],
    },
    { path: endpoints.lookupQuote.path, body: () => ({ emailAddress: 'ada@example.com', dob: '1980-04-02', zip: '33139' }), freeText: [] },
    { path: endpoints.redeemQuoteLink.path, body: () => ({ token: 'a'.repeat(43) }), freeText: [] },
    {
      path: endpoints.signUp.path,
      body: () => ({
        emailAddress: uniqueEmail('ctl'), returnUrl: '/account/', password: 'Correct-Horse-9',
        policyAddress: { streetName: '1 Main St', city: 'Austin', state: 'TX', zip: '78701' },
      }),
      freeText: ['policyAddress.streetName', 'policyAddress.city', 'returnUrl', 'password'],
    },
    { path: endpoints.confirmAccount.path, body: () => ({ token: 'a'.repeat(43) }), freeText: [] },
    {
      path: endpoints.lienholder.path,
      body: () => ({
        quoteNumber: 'Q-2026-000001', name: 'Porsche Financial Services', address: '1 Main St', city: 'Atlanta',
        state: 'GA', zip: '30303', phoneNumber: '404-555-0134', carNumber: 1,
      }),
      freeText: ['name', 'address', 'city'],
    },
    {
      path: endpoints.bind.path,
      body: () => ({
        quoteNumber: 'Q-2026-000001', stripeKey: { key: 'pk_test_ppmTestModeNoRealCharges' }, paymentToken: { token: 'tok_visa' },
        billingFrequency: 'monthly', payPlan: 18,
      }),
      freeText: [],
    },
    { path: endpoints.handover.path, body: () => ({ quoteNumber: 'Q-2026-000001', wizard: { info: { firstName: 'Ada' } } }), freeText: [] },
  ];
}

/** Every path to a string inside `value`: 'drivers.0.firstName', ... */
function stringPaths(value: unknown, prefix = ''): string[] {
  if (typeof value === 'string') return [prefix];
  if (Array.isArray(value)) return value.flatMap((item, index) => stringPaths(item, prefix ? `${prefix}.${index}` : String(index)));
  if (typeof value === 'object' && value !== null) {
    return Object.entries(value).flatMap(([key, item]) => stringPaths(item, prefix ? `${prefix}.${key}` : key));
  }
  return [];
}

function poisoned(body: Record<string, unknown>, path: string, character: string): Record<string, unknown> {
  const copy = structuredClone(body);
  const keys = path.split('.');
  let at: any = copy;
  for (const key of keys.slice(0, -1)) at = at[key];
  const last = keys[keys.length - 1]!;
  const text = String(at[last]);
  at[last] = `${text.slice(0, 1)}${character}${text.slice(1)}`;
  return copy;
}

for (const target of dbTargets()) {
  describe(`control characters and broken symbols in text, on ${target}`, () => {
    let client = 0;
    const from = () => ({ 'X-Forwarded-For': `192.0.2.${(++client % 250) + 1}` });
    const { testDb, t } = suiteApp(target, { clock: () => NOW, config: { trustProxy: 1 } });

    for (const route of routes()) {
      test(`${route.path}: every string with NUL, a lone surrogate or an escape answers 400, never 500`, async () => {
        const body = route.body();
        const paths = stringPaths(body);
        for (const field of route.freeText) assert.ok(paths.includes(field), `${field} is a string of the body`);
        for (const path of paths) {
          for (const [name, character] of Object.entries(POISON)) {
            const res = await t.app.request(...postJson(route.path, poisoned(body, path, character), from()));
            const answer = (await res.json()) as { error_messages?: string[] };
            assert.ok(res.status < 500, `${name} in ${path}: ${res.status} ${JSON.stringify(answer)}`);
            // ZIP codes, phone numbers and licence numbers are read for their digits and letters (the rule
            // drops everything else, so the stored value is clean); every other string refuses the character
            if (!/(^|\.)(zip|number|phoneNumber|licenseNum)$/.test(path)) assert.equal(res.status, 400, `${name} in ${path}: ${res.status} ${JSON.stringify(answer)}`);
            if (route.freeText.includes(path)) {
              assert.ok(answer.error_messages?.includes(MESSAGES.textCharacters), `${name} in ${path}: ${JSON.stringify(answer)}`);
            }
          }
        }
      });
    }

    test('what was stored holds no control character or broken symbol', async () => {
      const quotes = await testDb.db.query<{ request: string; response: string }>('SELECT request::text AS request, response::text AS response FROM quotes');
      assert.ok(quotes.length > 0, 'the ZIP and phone cases were priced');
      for (const row of quotes) {
        assert.doesNotMatch(row.request + row.response, /\\u00[01][0-9a-f]|\\ud[89a-f]/i);
        assert.equal(hasUnsafeCharacters(row.request + row.response), false);
      }
      const subscribers = await testDb.db.query<{ n: number }>('SELECT count(*)::int AS n FROM subscribers');
      assert.equal(subscribers[0]!.n, 0, 'no sign-up had only a ZIP or a phone number to poison');
    });

    test('a refused request does not spend the rate limit; valid ones do', async () => {
      const limited = testApp(testDb.db, {
        clock: () => NOW,
        config: { trustProxy: 1 },
        rateLimits: {
          subscribe: { name: 'subscribe-ctl', limit: 2, windowSeconds: 600 },
          lookupQuote: { name: 'lookup-ctl', limit: 2, windowSeconds: 600 },
        },
      });
      try {
        const client = { 'X-Forwarded-For': '198.51.100.77' };
        const subscribe = (first: string) =>
          limited.app.request(...postJson('/api/contact/subscribe', { userFirstName: first, userLastName: 'Lovelace', userEmailAddress: uniqueEmail('rl'), userState: 'TX' }, client));
        for (let i = 0; i < 5; i += 1) assert.equal((await subscribe('A\u0000da')).status, 400);
        assert.equal((await subscribe('Ada')).status, 201);
        assert.equal((await subscribe('Ada')).status, 201);
        assert.equal((await subscribe('Ada')).status, 429, 'the limit still holds for valid requests');

        const lookup = (dob: string) =>
          limited.app.request(...postJson('/api/policy/lookup_quote', { emailAddress: 'ada@example.com', dob, zip: '33139' }, client));
        for (let i = 0; i < 5; i += 1) assert.equal((await lookup('1980-02-30')).status, 400);
        assert.equal((await lookup('1980-04-02')).status, 404);
        assert.equal((await lookup('1980-04-02')).status, 404);
        assert.equal((await lookup('1980-04-02')).status, 429);
      } finally {
        limited.cleanup();
      }
    });
  });
}
