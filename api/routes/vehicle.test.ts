import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { MESSAGES, preferredPicture, VehicleImageResponse, check } from '../../contract/index.ts';
import { postJson, testApp, type TestApp } from '../testing/harness.ts';
import { NO_DB } from '../testing/no-db.ts';
import { porscheVin, withCheckDigit } from '../vin/build-vin.ts';
import { silhouetteForModel } from '../vehicle/picture.ts';
import { SILHOUETTE_KEYS, silhouetteSvg } from '../vehicle/silhouettes.ts';
import { NO_PICTURE } from './vehicle.ts';

describe('POST /api/vehicle/image', () => {
  let t: TestApp;
  before(() => {
    t = testApp(NO_DB, { clock: () => new Date('2026-03-02T10:00:00Z') });
  });
  after(() => t.cleanup());

  const image = (vin: string, year: number, model: string) => t.app.request(...postJson('/api/vehicle/image', { vin, year, model }));

  test('issue 22 item 11: the VIN travels in a JSON body, never in a URL; the GET is gone', async () => {
    const vin = porscheVin({ type: '991', year: 2015, body: 'B' });
    const res = await t.app.request(`/api/vehicle/image?${new URLSearchParams({ vin, year: '2015', model: '911' })}`);
    assert.ok(res.status === 404 || res.status === 405, String(res.status));
    assert.equal((await image(vin, 2015, '911')).status, 200);
  });

  test('a decodable VIN picks its line and body; extcam02 comes first', async () => {
    const res = await image(porscheVin({ type: '991', year: 2015, body: 'B' }), 2015, '911');
    assert.equal(res.status, 200);
    const body = await res.json();
    assert.equal(check(body, VehicleImageResponse).ok, true);
    assert.deepEqual(body, { Vin: { picture: [{ view: 'extcam02', uri: '/api/vehicle/silhouette/911-targa.svg' }] } });
    assert.equal(preferredPicture(body.Vin.picture), '/api/vehicle/silhouette/911-targa.svg');
  });

  test('falls back to year and model when the VIN names no vehicle we draw', async () => {
    const otherMaker = withCheckDigit('WBA3A5C50DF123456');
    let res = await image(otherMaker, 2019, 'Panamera Sport Turismo');
    assert.equal(res.status, 200);
    assert.equal((await res.json()).Vin.picture[0].uri, '/api/vehicle/silhouette/panamera-sport-turismo.svg');
    res = await image(porscheVin({ type: '986', year: 2001, body: 'A' }), 2001, 'Boxster');
    assert.equal((await res.json()).Vin.picture[0].uri, '/api/vehicle/silhouette/boxster-roadster.svg');
  });

  test('404 clears the picture when neither the VIN nor year and model name a line of that year', async () => {
    const otherMaker = withCheckDigit('WBA3A5C50DF123456');
    for (const [year, model] of [[2013, '3 Series'], [1995, 'Taycan']] as const) {
      const res = await image(otherMaker, year, model);
      assert.equal(res.status, 404);
      assert.deepEqual(await res.json(), { error_messages: [NO_PICTURE] });
    }
  });

  test('a malformed body is a 400 with the contract messages', async () => {
    const res = await image('SHORT', 1970, '911');
    assert.equal(res.status, 400);
    const { error_messages: messages } = (await res.json()) as { error_messages: string[] };
    assert.deepEqual(messages.sort(), [MESSAGES.modelYear, MESSAGES.vinLength].sort());
  });

  test('the silhouette is served as SVG with no script, under the API content policy, cached long', async () => {
    const res = await t.app.request('/api/vehicle/silhouette/cayenne-suv.svg');
    assert.equal(res.status, 200);
    assert.equal(res.headers.get('content-type'), 'image/svg+xml; charset=utf-8');
    assert.match(res.headers.get('cache-control') ?? '', /^public, max-age=\d{6,}/);
    assert.equal(res.headers.get('content-security-policy'), "default-src 'none'; frame-ancestors 'none'");
    const svg = await res.text();
    assert.match(svg, /^<svg xmlns="http:\/\/www.w3.org\/2000\/svg" viewBox="0 0 400 160"/);
    assert.doesNotMatch(svg, /<script|on\w+=|href|javascript:/i);
  });

  test('unknown or odd silhouette names are 404', async () => {
    for (const name of ['nope-suv.svg', '911-coupe.png', '..%2Fconfig.svg', '911-coupe']) {
      const res = await t.app.request(`/api/vehicle/silhouette/${name}`);
      assert.equal(res.status, 404, name);
    }
  });
});

describe('silhouettes', () => {
  test('every line and body the decoder names has a drawing, and every drawing renders', () => {
    const named = [
      '911-coupe', '911-targa', '911-cabriolet', 'boxster-roadster', 'cayman-coupe', 'cayenne-suv', 'cayenne-coupe',
      'macan-suv', 'panamera-sedan', 'panamera-sport-turismo', 'taycan-sedan', 'taycan-cross-turismo', '928-coupe',
      '924-coupe', '944-coupe', '944-cabriolet', '968-coupe', '968-cabriolet', 'carrera-gt-roadster',
      '918-spyder-roadster', '959-coupe',
    ];
    assert.deepEqual([...SILHOUETTE_KEYS].sort(), named.sort());
    for (const key of SILHOUETTE_KEYS) assert.match(silhouetteSvg(key)!, /<\/svg>$/, key);
  });

  test('model texts people type find their line; years outside the line find none', () => {
    assert.equal(silhouetteForModel(2005, 'Carrera GT'), 'carrera-gt-roadster');
    assert.equal(silhouetteForModel(2005, '911 Carrera 4S Cabriolet'), '911-cabriolet');
    assert.equal(silhouetteForModel(2018, '718 Boxster'), 'boxster-roadster');
    assert.equal(silhouetteForModel(2022, 'Taycan Cross Turismo'), 'taycan-cross-turismo');
    assert.equal(silhouetteForModel(1989, '944 S2 Cabriolet'), '944-cabriolet');
    assert.equal(silhouetteForModel(2021, 'Macan Turbo Cabriolet'), 'macan-suv');
    assert.equal(silhouetteForModel(2001, 'Cayenne'), undefined);
  });
});
