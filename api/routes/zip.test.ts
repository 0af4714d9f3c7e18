import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { MESSAGES } from '../../contract/index.ts';
import { ConfigError, loadConfig } from '../config.ts';
import { testApp, type TestApp } from '../testing/harness.ts';
import { NO_DB } from '../testing/no-db.ts';
import { lookupZip, zipCount } from '../zip/lookup.ts';
import { ZIP_NOT_FOUND } from '../../contract/index.ts';

describe('ZIP data', () => {
  test('holds the US ZIPs of the 50 states and DC only', () => {
    assert.ok(zipCount() > 40000, String(zipCount()));
    assert.deepEqual(lookupZip('85004'), { zip: '85004', city: 'Phoenix', state: 'AZ' });
    assert.deepEqual(lookupZip('20001'), { zip: '20001', city: 'Washington', state: 'DC' });
    // Puerto Rico and an overseas military ZIP have no state the programme writes in
    assert.equal(lookupZip('00901'), undefined);
    assert.equal(lookupZip('09001'), undefined);
  });
});

describe('GET /api/zip/{zip}', () => {
  let t: TestApp;
  before(() => {
    t = testApp(NO_DB, { config: { restrictedZips: ['33139'] } });
  });
  after(() => t.cleanup());

  const get = (zip: string) => t.app.request(`/api/zip/${encodeURIComponent(zip)}`);

  test('a known ZIP answers city, state and restricted false', async () => {
    const res = await get('80202');
    assert.equal(res.status, 200);
    assert.deepEqual(await res.json(), { zip: '80202', city: 'Denver', state: 'CO', restricted: false });
  });

  test('a ZIP on the configured restricted list answers restricted true', async () => {
    const res = await get('33139');
    assert.equal(res.status, 200);
    assert.deepEqual(await res.json(), { zip: '33139', city: 'Miami Beach', state: 'FL', restricted: true });
  });

  test('an unknown 5-digit ZIP is a 404', async () => {
    const res = await get('99999');
    assert.equal(res.status, 404);
    assert.deepEqual(await res.json(), { error_messages: [ZIP_NOT_FOUND] });
  });

  test('4 digits, letters and a ZIP+4 are 400 with the ZIP rule message', async () => {
    for (const bad of ['8500', 'abcde', '85004-1234', '850041']) {
      const res = await get(bad);
      assert.equal(res.status, 400, bad);
      assert.deepEqual(await res.json(), { error_messages: [MESSAGES.zip] }, bad);
    }
  });

  test('the list is empty by default and RESTRICTED_ZIPS takes 5-digit ZIPs only', () => {
    assert.deepEqual(loadConfig({}).restrictedZips, []);
    assert.deepEqual(loadConfig({ RESTRICTED_ZIPS: ' 33139, 85004 ,' }).restrictedZips, ['33139', '85004']);
    assert.throws(() => loadConfig({ RESTRICTED_ZIPS: '33139,3313' }), ConfigError);
  });
});
