/**
 * The service's settings, read from the environment once at start. Everything else receives a Config and
 * never reads process.env itself, so a test can build any configuration without touching the process.
 *
 * | variable      | default                                        | meaning |
 * |---------------|------------------------------------------------|---------|
 * | PORT          | 4321                                           | port of the site + /embed/ + /api server |
 * | HOST          | 127.0.0.1                                      | interface to listen on; 0.0.0.0 only on purpose (containers) |
 * | PUBLIC_ORIGIN | http://localhost:PORT                          | the brand site's origin as visitors see it (links in mail, same-origin check, demo pages) |
 * | NODE_ENV      | development                                    | 'production' hides /dev/outbox and empties the default CORS list |
 * | DATA_DIR      | ./data                                         | PGlite files (DATA_DIR/pg) and the mail outbox (DATA_DIR/outbox) |
 * | DATABASE_URL  | (unset: PGlite in DATA_DIR/pg)                 | postgres://... to use a PostgreSQL server instead |
 * | SMTP_URL      | (unset: .eml files in DATA_DIR/outbox)         | smtp(s)://user:pass@host:port to send real mail |
 * | MAIL_FROM     | "<BRAND.productName>" <BRAND.email>            | From: of every message |
 * | CLAIMS_EMAIL  | BRAND.claimsEmail (claims@apex-ppm.example)    | the claims team's address: every filed claim, with its photos, is e-mailed there |
 * | CARE_EMAIL    | BRAND.email                                    | where Contact Us messages go (Reply-To: the sender) |
 * | SITE_ORIGINS  | (empty)                                        | comma-separated other origins of our own site (another host name); a sign-up's or an e-mailed link's return address may name them. PUBLIC_ORIGIN's www or bare twin and, on a loopback host, the other loopback names are ours without it |
 * | CORS_ORIGINS  | dev: the demo's origins (http://localhost:DEMO_PORT, http://127.0.0.1:DEMO_PORT); production: none | comma-separated exact origins allowed to call /api from a browser |
 * | DEMO_PORT     | 4322 (production: 0)                           | port of the embed demo (a dealer/club stand-in origin); 0 disables it |
 * | SITE_DIR      | dist/site                                      | the Astro build served at / |
 * | EMBED_DIR     | dist/embed                                     | the widget bundle served at /embed/ |
 * | DEMO_DIR      | embed-demo                                     | the demo pages, served at /embed-demo/ and on DEMO_PORT |
 * | TRUST_PROXY   | 0                                              | number of reverse proxies in front; >0 takes the client address from X-Forwarded-For |
 * | RESTRICTED_ZIPS | (empty)                                      | comma-separated 5-digit ZIPs the quote refuses with the location loader (doc 2 section 4: the list is empty) |
 * | TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN, TWILIO_FROM | (unset: .sms.txt files in DATA_DIR/outbox) | all three: text messages through Twilio's Messages API |
 * | STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY | (unset: the test-mode gateway, no real charge) | both: card payments through Stripe (sk_test_/pk_test_ or sk_live_/pk_live_, never mixed) |
 * | STRIPE_WEBHOOK_SECRET | (unset: TEST_MODE_WEBHOOK_SECRET; required with the keys) | the signing secret (whsec_...) of the Stripe endpoint that sends events to POST /api/payments/webhook |
 * | STRIPE_API_URL | https://api.stripe.com                        | Stripe's API origin (tests point stripe-node at a stand-in on loopback) |
 * | TWILIO_API_URL | https://api.twilio.com                       | the Messages API's origin (tests point it at a stand-in on loopback) |
 * | WORKERS       | with DATABASE_URL: one per core; PGlite: 1     | API processes sharing PORT (api/fleet.ts); more than 1 needs DATABASE_URL |
 *
 * Relative paths in the environment are taken from the working directory; the defaults are relative to
 * the repository root, so `node api/server.ts` works from anywhere.
 */
import { availableParallelism } from 'node:os';
import { join, resolve } from 'node:path';
import { DEFAULT_CONFIRMED_REVIEW_ONE_IN, DEFAULT_MAX_MILES_PER_DAY } from './odometer/verdict.ts';
// the modules themselves, not contract/index.ts: a fleet's primary loads this file and nothing of the server
import { BRAND } from '../contract/brand.ts';
import { email } from '../contract/rules/email.ts';
import { check } from '../contract/validate.ts';

/* What DATA_DIR holds, named once for the server, the command-line jobs and the tests that read a server's folder. */

/** Where PGlite keeps the embedded database: DATA_DIR/pg. */
export function embeddedDatabaseDir(dataDir: string): string {
  return join(dataDir, 'pg');
}

/** The blob store's files (PDFs, photos) when no bucket is configured: DATA_DIR/blobs (api/blobs/config.ts). */
export function blobsDirOf(dataDir: string): string {
  return join(dataDir, 'blobs');
}

/** The outbox of e-mails and texts when no provider is configured: DATA_DIR/outbox (api/mail/outbox-folder.ts). */
export function outboxDirOf(dataDir: string): string {
  return join(dataDir, 'outbox');
}

export interface Config {
  port: number;
  host: string;
  publicOrigin: string;
  production: boolean;
  dataDir: string;
  databaseUrl: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string | undefined;
  /** The claims team's address: every filed claim, with its photos, is e-mailed here (api/claims/file-claim.ts). */
  claimsEmail: string;
  /** Customer care's address: the Contact Us form's messages are e-mailed here (api/contact/messages.ts). */
  careEmail: string;
  corsOrigins: readonly string[];
  /** Other origins of our own site (SITE_ORIGINS): return addresses may name them (api/auth/return-url.ts). */
  siteOrigins?: readonly string[] | undefined;
  demoPort: number;
  siteDir: string;
  embedDir: string;
  demoDir: string;
  trustProxy: number;
  /** ZIPs answered with restricted: true by GET /api/zip/{zip} (doc 2 section 4). */
  restrictedZips: readonly string[];
  /** Text messages through Twilio when set; otherwise they are written to the outbox (api/messages/texter.ts). */
  twilio?: TwilioConfig | undefined;
  /** Card payments through Stripe when set; otherwise the test-mode gateway (api/payments/test-mode.ts). */
  stripe?: StripeConfig | undefined;
  /**
   * The operations pages /ops/odometer, /ops/notices and /ops/reconciliations (HTTP Basic, any user name, this
   * password). Unset: off in production; in development api/server.ts makes one for the run and prints it.
   */
  opsPassword?: string | undefined;
  /** An odometer reading implying more miles a day than this since the last one is held for review. */
  odometerMaxMilesPerDay: number;
  /**
   * 1 in this many odometer readings confirmed after a suggestion (and equal to it) is checked by a person
   * before it counts (issue 24; api/odometer/verdict.ts sampledForReview); 1 checks every one.
   */
  odometerConfirmedReviewOneIn: number;
  /**
   * How many API processes `node api/server.ts` runs on PORT (api/fleet.ts): WORKERS, or one per core on
   * PostgreSQL. The embedded PGlite is one process's files, so without DATABASE_URL it is always 1.
   */
  workers: number;
}

/** The ops password guards photos and policy records: long enough that guessing it is not a plan. */
const OPS_PASSWORD_MIN_LENGTH = 16;

function opsPassword(env: Env): string | undefined {
  const password = optional(env, 'OPS_PASSWORD');
  if (password !== undefined && password.length < OPS_PASSWORD_MIN_LENGTH) {
    throw new ConfigError(`OPS_PASSWORD must be at least ${OPS_PASSWORD_MIN_LENGTH} characters; unset it to turn the operations pages off in production.`);
  }
  return password;
}

/**
 * A team's mailbox (CARE_EMAIL, CLAIMS_EMAIL): a mistyped address would lose every message sent there at the
 * mail server, so it stops the start instead.
 */
function teamAddress(env: Env, key: string, fallback: string): string {
  const address = optional(env, key) ?? fallback;
  if (!check(address, email).ok) throw new ConfigError(`${key} must be one e-mail address like team@example.com, got "${address}".`);
  return address;
}

/**
 * WORKERS, checked against the database: PGlite's files have one user at a time, so a second process would
 * fail to open them (or, worse, open a copy); asking for more than one without DATABASE_URL stops the start.
 */
function workerCount(env: Env, databaseUrl: string | undefined): number {
  if (!databaseUrl) {
    const asked = wholeCount(env, 'WORKERS', 1);
    if (asked > 1) throw new ConfigError(`WORKERS=${asked} needs DATABASE_URL: the embedded PGlite database is one process's files. Set DATABASE_URL to a PostgreSQL server, or unset WORKERS.`);
    return 1;
  }
  return wholeCount(env, 'WORKERS', availableParallelism());
}

function wholeCount(env: Env, key: string, fallback: number): number {
  const value = positiveNumber(env, key, fallback);
  if (!Number.isInteger(value)) throw new ConfigError(`${key} must be a whole number, got "${optional(env, key)}".`);
  return value;
}

function positiveNumber(env: Env, key: string, fallback: number): number {
  const raw = optional(env, key);
  if (raw === undefined) return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0) throw new ConfigError(`${key} must be a positive number, got "${raw}".`);
  return value;
}

export interface StripeConfig {
  secretKey: string;
  publishableKey: string;
  /** The webhook endpoint's signing secret (whsec_...): events not signed with it are refused (api/payments/webhooks.ts). */
  webhookSecret: string;
  /** Another origin for Stripe's API (a stand-in in tests); undefined: Stripe's own. */
  apiUrl: string | undefined;
}

/**
 * The test mode's webhook secret: without keys, the test-mode gateway signs its events with it and the webhook
 * route verifies them with it, so they take the very path Stripe's do. It is in the source for anyone to read,
 * so it signs nothing real: with Stripe keys it is refused, and STRIPE_WEBHOOK_SECRET must be Stripe's own.
 */
export const TEST_MODE_WEBHOOK_SECRET = 'whsec_ppm_test_mode_no_real_events';

/**
 * The endpoint's signing secret, required with the keys: without it every event Stripe sends would be refused,
 * and a dispute (a chargeback, with a deadline for evidence) or a refund made in Stripe's dashboard reaches us
 * only as an event.
 */
function stripeWebhookSecret(env: Env): string {
  const secret = optional(env, 'STRIPE_WEBHOOK_SECRET');
  if (!secret) {
    throw new ConfigError(
      "Card payments through Stripe need STRIPE_WEBHOOK_SECRET too: the signing secret (whsec_...) of the Stripe endpoint that sends events to /api/payments/webhook (Stripe's dashboard, Developers > Webhooks; or `stripe listen`).",
    );
  }
  if (!/^whsec_[A-Za-z0-9+/=_-]+$/.test(secret)) throw new ConfigError('STRIPE_WEBHOOK_SECRET must be a Stripe webhook signing secret (whsec_...).');
  if (secret === TEST_MODE_WEBHOOK_SECRET) {
    throw new ConfigError("STRIPE_WEBHOOK_SECRET is the test mode's published secret, which anyone can sign with: use the Stripe endpoint's own.");
  }
  return secret;
}

/** Both keys or neither, of the same mode: a live secret with a test publishable key charges nothing it shows. */
function stripeConfig(env: Env): StripeConfig | undefined {
  const secretKey = optional(env, 'STRIPE_SECRET_KEY');
  const publishableKey = optional(env, 'STRIPE_PUBLISHABLE_KEY');
  if (!secretKey && !publishableKey) {
    if (optional(env, 'STRIPE_WEBHOOK_SECRET')) {
      throw new ConfigError('STRIPE_WEBHOOK_SECRET is set without STRIPE_SECRET_KEY and STRIPE_PUBLISHABLE_KEY: set all three for Stripe, or none for the test mode.');
    }
    return undefined;
  }
  if (!secretKey || !publishableKey) {
    throw new ConfigError('Card payments through Stripe need both STRIPE_SECRET_KEY and STRIPE_PUBLISHABLE_KEY; unset both for the test mode.');
  }
  const secret = /^(sk|rk)_(test|live)_[A-Za-z0-9]+$/.exec(secretKey);
  const publishable = /^pk_(test|live)_[A-Za-z0-9]+$/.exec(publishableKey);
  if (!secret) throw new ConfigError('STRIPE_SECRET_KEY must be a Stripe secret key (sk_test_... or sk_live_...).');
  if (!publishable) throw new ConfigError('STRIPE_PUBLISHABLE_KEY must be a Stripe publishable key (pk_test_... or pk_live_...).');
  if (secret[2] !== publishable[1]) {
    throw new ConfigError(`STRIPE_SECRET_KEY is a ${secret[2]} key and STRIPE_PUBLISHABLE_KEY a ${publishable[1]} key: use two keys of the same mode.`);
  }
  const webhookSecret = stripeWebhookSecret(env);
  const apiUrl = optional(env, 'STRIPE_API_URL');
  return { secretKey, publishableKey, webhookSecret, apiUrl: apiUrl ? normalizeOrigin(apiUrl, 'STRIPE_API_URL') : undefined };
}

export interface TwilioConfig {
  accountSid: string;
  authToken: string;
  /** The sending number in E.164, or a Messaging Service SID (MG...). */
  from: string;
  /** Origin of the Messages API, without a trailing slash. */
  apiUrl: string;
}

const TWILIO_API_URL = 'https://api.twilio.com';

/** All three of SID, token and sender, or none: half a provider would fail every text at the first try. */
function twilioConfig(env: Env): TwilioConfig | undefined {
  const accountSid = optional(env, 'TWILIO_ACCOUNT_SID');
  const authToken = optional(env, 'TWILIO_AUTH_TOKEN');
  const from = optional(env, 'TWILIO_FROM');
  if (!accountSid && !authToken && !from) return undefined;
  if (!accountSid || !authToken || !from) {
    const missing = Object.entries({ TWILIO_ACCOUNT_SID: accountSid, TWILIO_AUTH_TOKEN: authToken, TWILIO_FROM: from })
      .filter(([, value]) => !value)
      .map(([key]) => key);
    throw new ConfigError(`Text messages through Twilio need TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_FROM; ${missing.join(' and ')} missing.`);
  }
  return { accountSid, authToken, from, apiUrl: normalizeOrigin(optional(env, 'TWILIO_API_URL') ?? TWILIO_API_URL, 'TWILIO_API_URL') };
}

const ROOT = resolve(import.meta.dirname, '..');

/** In development the embed demo (DEMO_PORT) is the partner origin that calls the API, so it is allowed by default. */
function devCorsOrigins(demoPort: number): string[] {
  return demoPort > 0 ? [`http://localhost:${demoPort}`, `http://127.0.0.1:${demoPort}`] : [];
}

type Env = Record<string, string | undefined>;

/** A setting that fails loudly: a typo in PORT must stop the start, not fall back silently. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

function port(env: Env, key: string, fallback: number): number {
  const raw = env[key]?.trim();
  if (!raw) return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0 || value > 65535) {
    throw new ConfigError(`${key} must be a port number from 0 to 65535, got "${raw}".`);
  }
  return value;
}

/** An origin is scheme://host[:port] with nothing after it; anything else never matches an Origin header. */
export function normalizeOrigin(value: string, key: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new ConfigError(`${key}: "${value}" is not an origin like https://dealer.example.`);
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.origin === 'null') {
    throw new ConfigError(`${key}: "${value}" must start with http:// or https://.`);
  }
  if (url.pathname !== '/' || url.search || url.hash || value.replace(/\/$/, '') !== url.origin) {
    throw new ConfigError(`${key}: "${value}" must be an origin only (scheme, host and port; no path), e.g. ${url.origin}.`);
  }
  return url.origin;
}

function optional(env: Env, key: string): string | undefined {
  const value = env[key]?.trim();
  return value ? value : undefined;
}

export function loadConfig(env: Env = process.env): Config {
  const production = env.NODE_ENV === 'production';
  const listenPort = port(env, 'PORT', 4321);
  // The demo is a development stand-in for a partner site: on by default, off by default in production.
  const demoPort = port(env, 'DEMO_PORT', production ? 0 : 4322);
  const corsRaw = env.CORS_ORIGINS;
  const corsOrigins =
    corsRaw === undefined
      ? production
        ? []
        : devCorsOrigins(demoPort)
      : corsRaw
          .split(',')
          .map((origin) => origin.trim())
          .filter(Boolean)
          .map((origin) => normalizeOrigin(origin, 'CORS_ORIGINS'));
  const trustRaw = optional(env, 'TRUST_PROXY') ?? '0';
  const trustProxy = trustRaw === 'true' ? 1 : trustRaw === 'false' ? 0 : Number(trustRaw);
  if (!Number.isInteger(trustProxy) || trustProxy < 0) {
    throw new ConfigError(`TRUST_PROXY must be the number of proxies in front (0, 1, 2...), got "${trustRaw}".`);
  }
  const restrictedZips = (env.RESTRICTED_ZIPS ?? '')
    .split(',')
    .map((zip) => zip.trim())
    .filter(Boolean);
  const badZip = restrictedZips.find((zip) => !/^\d{5}$/.test(zip));
  if (badZip !== undefined) {
    throw new ConfigError(`RESTRICTED_ZIPS takes 5-digit ZIP codes separated by commas, got "${badZip}".`);
  }
  const fromEnv = (key: string, fallback: string) => {
    const value = optional(env, key);
    return value ? resolve(value) : resolve(ROOT, fallback);
  };
  const databaseUrl = optional(env, 'DATABASE_URL');
  return {
    port: listenPort,
    host: optional(env, 'HOST') ?? '127.0.0.1',
    publicOrigin: normalizeOrigin(optional(env, 'PUBLIC_ORIGIN') ?? `http://localhost:${listenPort}`, 'PUBLIC_ORIGIN'),
    production,
    dataDir: fromEnv('DATA_DIR', 'data'),
    databaseUrl,
    smtpUrl: optional(env, 'SMTP_URL'),
    mailFrom: optional(env, 'MAIL_FROM'),
    claimsEmail: teamAddress(env, 'CLAIMS_EMAIL', BRAND.claimsEmail),
    careEmail: teamAddress(env, 'CARE_EMAIL', BRAND.email),
    corsOrigins,
    siteOrigins: (env.SITE_ORIGINS ?? '')
      .split(',')
      .map((origin) => origin.trim())
      .filter(Boolean)
      .map((origin) => normalizeOrigin(origin, 'SITE_ORIGINS')),
    demoPort,
    siteDir: fromEnv('SITE_DIR', 'dist/site'),
    embedDir: fromEnv('EMBED_DIR', 'dist/embed'),
    demoDir: fromEnv('DEMO_DIR', 'embed-demo'),
    trustProxy,
    restrictedZips,
    twilio: twilioConfig(env),
    stripe: stripeConfig(env),
    opsPassword: opsPassword(env),
    odometerMaxMilesPerDay: positiveNumber(env, 'ODOMETER_MAX_MILES_PER_DAY', DEFAULT_MAX_MILES_PER_DAY),
    odometerConfirmedReviewOneIn: wholeCount(env, 'ODOMETER_CONFIRMED_REVIEW_ONE_IN', DEFAULT_CONFIRMED_REVIEW_ONE_IN),
    workers: workerCount(env, databaseUrl),
  };
}
