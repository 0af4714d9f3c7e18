import { test } from 'node:test';
import { availableParallelism } from 'node:os';
import assert from 'node:assert/strict';
import { ConfigError, loadConfig, TEST_MODE_WEBHOOK_SECRET } from './config.ts';
import { BRAND } from '../contract/index.ts';

test('defaults: localhost only, PGlite and outbox under ./data, the demo origin allowed in development', () => {
  const config = loadConfig({});
  assert.equal(config.port, 4321);
  assert.equal(config.host, '127.0.0.1');
  assert.equal(config.publicOrigin, 'http://localhost:4321');
  assert.equal(config.demoPort, 4322);
  assert.deepEqual(config.corsOrigins, ['http://localhost:4322', 'http://127.0.0.1:4322']);
  assert.match(config.dataDir, /\/data$/);
  assert.match(config.siteDir, /\/dist\/site$/);
  assert.equal(config.databaseUrl, undefined);
  assert.equal(config.production, false);
});

test('in development the default CORS list follows DEMO_PORT, so a moved demo can still call the API', () => {
  assert.deepEqual(loadConfig({ DEMO_PORT: '4601' }).corsOrigins, ['http://localhost:4601', 'http://127.0.0.1:4601']);
  assert.deepEqual(loadConfig({ DEMO_PORT: '0' }).corsOrigins, []);
  assert.deepEqual(loadConfig({ DEMO_PORT: '4601', CORS_ORIGINS: 'https://dealer.example' }).corsOrigins, ['https://dealer.example']);
});

test('production allows no partner origin and runs no demo unless told to', () => {
  const config = loadConfig({ NODE_ENV: 'production', PORT: '8080' });
  assert.deepEqual(config.corsOrigins, []);
  assert.equal(config.demoPort, 0);
  assert.equal(config.publicOrigin, 'http://localhost:8080');
});

test('CORS_ORIGINS takes exact origins and refuses anything else with a message that names the fix', () => {
  assert.deepEqual(loadConfig({ CORS_ORIGINS: ' https://dealer.example , https://club.example:8443/ ' }).corsOrigins, [
    'https://dealer.example',
    'https://club.example:8443',
  ]);
  assert.deepEqual(loadConfig({ CORS_ORIGINS: '' }).corsOrigins, []);
  for (const bad of ['*', 'null', 'dealer.example', 'https://dealer.example/path', 'ftp://dealer.example']) {
    assert.throws(() => loadConfig({ CORS_ORIGINS: bad }), ConfigError, bad);
  }
});

test('a malformed port or proxy count stops the start', () => {
  assert.throws(() => loadConfig({ PORT: 'http' }), /PORT must be a port number/);
  assert.throws(() => loadConfig({ DEMO_PORT: '70000' }), /DEMO_PORT/);
  assert.throws(() => loadConfig({ TRUST_PROXY: 'yes' }), /TRUST_PROXY/);
  assert.equal(loadConfig({ TRUST_PROXY: 'true' }).trustProxy, 1);
});

test('text messages go to the outbox unless all three Twilio variables are set; half a provider stops the start', () => {
  assert.equal(loadConfig({}).twilio, undefined);
  assert.deepEqual(loadConfig({ TWILIO_ACCOUNT_SID: 'AC123', TWILIO_AUTH_TOKEN: 'secret', TWILIO_FROM: '+12025550123' }).twilio, {
    accountSid: 'AC123',
    authToken: 'secret',
    from: '+12025550123',
    apiUrl: 'https://api.twilio.com',
  });
  assert.equal(
    loadConfig({ TWILIO_ACCOUNT_SID: 'AC1', TWILIO_AUTH_TOKEN: 's', TWILIO_FROM: '+12025550123', TWILIO_API_URL: 'http://127.0.0.1:9999/' }).twilio?.apiUrl,
    'http://127.0.0.1:9999',
  );
  assert.throws(() => loadConfig({ TWILIO_ACCOUNT_SID: 'AC123' }), /TWILIO_AUTH_TOKEN and TWILIO_FROM missing/);
  assert.throws(() => loadConfig({ TWILIO_ACCOUNT_SID: 'AC1', TWILIO_AUTH_TOKEN: 's', TWILIO_FROM: '+1', TWILIO_API_URL: 'api.twilio.com' }), /TWILIO_API_URL/);
});

test('the operations page is off without OPS_PASSWORD and refuses a short one; the miles-a-day ceiling is a positive number', () => {
  assert.equal(loadConfig({}).opsPassword, undefined);
  assert.equal(loadConfig({ OPS_PASSWORD: 'sixteen-chars-ok' }).opsPassword, 'sixteen-chars-ok');
  assert.throws(() => loadConfig({ OPS_PASSWORD: 'short' }), /OPS_PASSWORD must be at least 16 characters/);
  assert.equal(loadConfig({}).odometerMaxMilesPerDay, 1000);
  assert.equal(loadConfig({ ODOMETER_MAX_MILES_PER_DAY: '600' }).odometerMaxMilesPerDay, 600);
  for (const bad of ['0', '-5', 'many']) assert.throws(() => loadConfig({ ODOMETER_MAX_MILES_PER_DAY: bad }), ConfigError, bad);
});

test("customer care's address defaults to the brand's and refuses anything that is not one address", () => {
  assert.equal(loadConfig({}).careEmail, BRAND.email);
  assert.equal(loadConfig({ CARE_EMAIL: ' desk@care.example ' }).careEmail, 'desk@care.example');
  for (const bad of ['desk', 'a@b.example, c@d.example']) assert.throws(() => loadConfig({ CARE_EMAIL: bad }), /CARE_EMAIL must be one e-mail address/, bad);
});

test("Stripe needs its webhook secret with the keys; the test mode's published secret and a secret without keys stop the start", () => {
  const keys = { STRIPE_SECRET_KEY: 'sk_test_abc123', STRIPE_PUBLISHABLE_KEY: 'pk_test_abc123' };
  assert.equal(loadConfig({}).stripe, undefined);
  assert.equal(loadConfig({ ...keys, STRIPE_WEBHOOK_SECRET: ' whsec_Abc123+/= ' }).stripe?.webhookSecret, 'whsec_Abc123+/=');
  assert.throws(() => loadConfig(keys), (error: unknown) => error instanceof ConfigError && /need STRIPE_WEBHOOK_SECRET too/.test(error.message));
  assert.throws(() => loadConfig({ ...keys, STRIPE_WEBHOOK_SECRET: 'sk_test_abc123' }), /must be a Stripe webhook signing secret \(whsec_\.\.\.\)/);
  assert.throws(() => loadConfig({ ...keys, STRIPE_WEBHOOK_SECRET: TEST_MODE_WEBHOOK_SECRET }), /published secret/);
  assert.throws(() => loadConfig({ STRIPE_WEBHOOK_SECRET: 'whsec_abc' }), /without STRIPE_SECRET_KEY and STRIPE_PUBLISHABLE_KEY/);
});

test('WORKERS: one process per core on PostgreSQL, always one on PGlite, where asking for more stops the start', () => {
  const postgres = { DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/test' };
  assert.equal(loadConfig({}).workers, 1);
  assert.equal(loadConfig({ WORKERS: '1' }).workers, 1);
  assert.equal(loadConfig(postgres).workers, availableParallelism());
  assert.equal(loadConfig({ ...postgres, WORKERS: '3' }).workers, 3);
  assert.throws(() => loadConfig({ WORKERS: '2' }), /WORKERS=2 needs DATABASE_URL: the embedded PGlite database is one process's files/);
  for (const bad of ['0', '1.5', 'all']) assert.throws(() => loadConfig({ ...postgres, WORKERS: bad }), ConfigError, bad);
});
