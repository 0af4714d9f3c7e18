import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { MESSAGES, vinCheckFailureMessage } from '../../contract/index.ts';
import { HTTP_MESSAGES } from '../http/errors.ts';
import { postJson, testApp, type TestApp } from '../testing/harness.ts';
import { NO_DB } from '../testing/no-db.ts';
import { porscheVin, withCheckDigit } from '../vin/build-vin.ts';

describe('POST /api/vin/check', () => {
  let t: TestApp;
  before(() => {
    t = testApp(NO_DB, { clock: () => new Date('2026-03-02T10:00:00Z') });
  });
  after(() => t.cleanup());

  const checkVin = (vin: unknown, state: unknown = 'AZ') => t.app.request(...postJson('/api/vin/check', { vin, state }));
  const errorOf = async (res: Response) => ((await res.json()) as { error_messages: string[] }).error_messages;

  test('a marque VIN answers year, make, model and body style', async () => {
    const res = await checkVin(porscheVin({ type: '992', year: 2021, body: 'C' }));
    assert.equal(res.status, 200);
    assert.deepEqual(await res.json(), { year: 2021, make: 'Porsche', model: '911', bodyStyle: 'Cabriolet' });
  });

  test('lower case and surrounding spaces are accepted, and the state may be empty or absent', async () => {
    const vin = porscheVin({ type: '9YA', year: 2020, body: 'A', wmi: 'WP1' });
    for (const res of [await checkVin(` ${vin.toLowerCase()} `, ''), await t.app.request(...postJson('/api/vin/check', { vin }))]) {
      assert.equal(res.status, 200);
      assert.deepEqual(await res.json(), { year: 2020, make: 'Porsche', model: 'Cayenne', bodyStyle: 'SUV' });
    }
  });

  test("another maker's valid VIN answers 422 naming Porsche, which the widget shows as the non-Porsche text", async () => {
    for (const vin of [withCheckDigit('WBA3A5C50DF123456'), withCheckDigit('1G1YY2D70H5100001')]) {
      const res = await checkVin(vin);
      assert.equal(res.status, 422);
      const messages = await errorOf(res);
      assert.deepEqual(messages, [MESSAGES.vinNonMarque]);
      assert.equal(vinCheckFailureMessage(res.status, messages[0]), 'We are unable to insure non-Porsche vehicles in this state.');
    }
  });

  test('a wrong check digit is a 404 Invalid VIN', async () => {
    const vin = porscheVin({ type: '991', year: 2014, body: 'A' });
    const res = await checkVin(`${vin.slice(0, 8)}${vin[8] === '5' ? '6' : '5'}${vin.slice(9)}`);
    assert.equal(res.status, 404);
    const messages = await errorOf(res);
    assert.deepEqual(messages, [MESSAGES.vinInvalid]);
    assert.equal(vinCheckFailureMessage(res.status, messages[0]), 'Invalid VIN');
  });

  test('a valid marque VIN that names no known vehicle is a 404 that cannot locate it', async () => {
    const res = await checkVin(porscheVin({ type: '986', year: 2001, body: 'A' }));
    assert.equal(res.status, 404);
    assert.deepEqual(await errorOf(res), ['Invalid VIN / Cannot locate vehicle']);
  });

  test('16 or 18 characters answer 400 with the spec length message; I, O and Q with the characters rule', async () => {
    const vin = porscheVin({ type: '992', year: 2021, body: 'A' });
    for (const bad of [vin.slice(0, 16), `${vin}1`]) {
      const res = await checkVin(bad);
      assert.equal(res.status, 400);
      assert.deepEqual(await errorOf(res), ['The VIN must be 17 characters. Please try again.']);
    }
    for (const letter of ['I', 'O', 'Q']) {
      const res = await checkVin(`${vin.slice(0, 12)}${letter}${vin.slice(13)}`);
      assert.equal(res.status, 400);
      assert.deepEqual(await errorOf(res), [MESSAGES.vinCharacters]);
    }
  });

  test('a missing VIN, a bad state or a body that is not JSON answer 400', async () => {
    let res = await checkVin(undefined);
    assert.equal(res.status, 400);
    assert.deepEqual(await errorOf(res), [MESSAGES.required]);
    res = await checkVin(porscheVin({ type: '992', year: 2021, body: 'A' }), 'ZZ');
    assert.equal(res.status, 400);
    res = await t.app.request(...postJson('/api/vin/check', '{"vin":'));
    assert.equal(res.status, 400);
    assert.deepEqual(await errorOf(res), [HTTP_MESSAGES.invalidJson]);
  });

  test('the log holds the path and status, never the VIN', async () => {
    const vin = porscheVin({ type: '992', year: 2021, body: 'A' });
    await checkVin(vin);
    const line = t.logs.at(-1) ?? '';
    assert.match(line, /POST \/api\/vin\/check 200/);
    assert.equal(t.logs.some((l) => l.includes(vin)), false);
  });
});
