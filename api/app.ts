/**
 * The one Hono app: /api (the contract's endpoints), /dev/outbox outside production, and the static site, bundle and demo.
 * Everything it needs comes in through `Deps`, so tests build it with an in-memory database, a temporary
 * outbox and a fixed clock, and call it with app.request() without opening a port.
 */
import { Hono, type Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { blobsDirOf, outboxDirOf, type Config } from './config.ts';
import { DatabaseUnavailableError, type Db } from './db/db.ts';
import type { MailQueue } from './mail/queue.ts';
import { outboxPage } from './mail/outbox-page.ts';
import { consoleSink, loggedPath, logError, requestLogger, type LogSink } from './log.ts';
import type { Deps } from './deps.ts';
import { ApiError, databaseUnavailableResponse, errorResponse, HTTP_MESSAGES } from './http/errors.ts';
import { allowedOrigin, checkHost, checkOrigin, closeWhileBodyArrives } from './http/guards.ts';
import { ownOrigins } from './auth/return-url.ts';
import { cors, partnerCalls } from './http/cors.ts';
import * as endpointTable from '../contract/api/endpoints.ts';
import { securityHeaders } from './http/security-headers.ts';
import { clientAddress } from './http/client.ts';
import { rateLimit, type RateLimit } from './http/rate-limit.ts';
import { concurrencyCap, SharedCap, type ConcurrencyCap } from './http/concurrency.ts';
import { MESSAGES } from '../contract/index.ts';
import { staticRoutes } from './http/static.ts';
import { healthRoutes, type Stopping } from './routes/health.ts';
import { contactRoutes } from './routes/contact.ts';
import { vinRoutes } from './routes/vin.ts';
import { zipRoutes } from './routes/zip.ts';
import { vehicleRoutes } from './routes/vehicle.ts';
import { policyRoutes } from './routes/policy.ts';
import { userRoutes } from './routes/user.ts';
import { paymentsRoutes, purchaseRoutes } from './routes/purchase.ts';
import { webhookRoutes } from './routes/webhooks.ts';
import { testModeEventEmitter } from './payments/webhooks.ts';
import { isTestModeGateway } from './payments/test-mode.ts';
import { paymentCardRoutes } from './routes/payment-card.ts';
import { billPaymentRoutes } from './routes/bill-payment.ts';
import { handoverRoutes } from './routes/handover.ts';
import { paymentGatewayFor } from './payments/configured.ts';
import type { PaymentGateway } from './payments/gateway.ts';
import type { BlobStore } from './blobs/store.ts';
import { createFileBlobStore } from './blobs/file-store.ts';
import { createDocumentsJob, type DocumentsJob } from './documents/job.ts';
import { documentsRoutes } from './routes/documents.ts';
import { opsRoutes } from './routes/ops.ts';
import { odometerRoutes } from './routes/odometer.ts';
import { accountRoutes } from './routes/account.ts';
import { renewalRoutes } from './routes/renewal.ts';

/** Per client address. Generous enough for a household or a club stand behind one address. */
export const RATE_LIMITS = {
  subscribe: { name: 'subscribe', limit: 10, windowSeconds: 15 * 60 },
  /** Claims: each stores up to 50 MB of photos and sends two e-mails; a household files a few at most. */
  claims: { name: 'claims', limit: 10, windowSeconds: 15 * 60 },
  /** Per recipient address: claim acknowledgements to one mailbox (the claim itself is filed and sent to the team). */
  claimMail: { name: 'claim-mail', limit: 5, windowSeconds: 60 * 60 },
  /** Contact Us messages: each e-mails customer care and the address typed. A person writes one or two. */
  contact: { name: 'contact', limit: 5, windowSeconds: 15 * 60 },
  /** Per recipient address: Contact Us acknowledgements to one mailbox (care still gets every message). */
  contactMail: { name: 'contact-mail', limit: 5, windowSeconds: 60 * 60 },
  /** Quote lookups by e-mail, birth date and ZIP: guessing birth dates must stay slow. */
  lookupQuote: { name: 'lookup-quote', limit: 10, windowSeconds: 15 * 60 },
  /**
   * The live price (POST /api/policy/price): asked on every coverage change, about one a second while a shopper
   * works on step 4, so generous; but each costs a full pricing, so bounded.
   */
  price: { name: 'price', limit: 600, windowSeconds: 10 * 60 },
  /**
   * Lienholders named after a purchase: one call per financed vehicle (four at most) and a few corrections;
   * each change prints the declarations and application again (issue 22 item 2).
   */
  lienholder: { name: 'lienholder', limit: 20, windowSeconds: 15 * 60 },
  /** Per recipient address, not per client: quote e-mails to one mailbox (the quote itself is not limited). */
  quoteMail: { name: 'quote-mail', limit: 10, windowSeconds: 60 * 60 },
  /** Account sign-ups: each costs an argon2id hash (19 MiB, tens of milliseconds) and may send an e-mail. */
  signUp: { name: 'signup', limit: 10, windowSeconds: 15 * 60 },
  /** Per recipient address: sign-up e-mails (confirmation or 'you already have an account') to one mailbox. */
  accountMail: { name: 'account-mail', limit: 5, windowSeconds: 60 * 60 },
  /** The My Policy page's documents request: each may send an e-mail with fresh links. */
  documentsRequest: { name: 'documents-request', limit: 10, windowSeconds: 15 * 60 },
  /** Per recipient address: documents e-mails to one mailbox. */
  documentsMail: { name: 'documents-mail', limit: 5, windowSeconds: 60 * 60 },
  /** Per account: each card request may send an e-mail (with a PDF) or start a posting. */
  cardRequest: { name: 'card-request', limit: 5, windowSeconds: 60 * 60 },
  /** Per account: each is a SetupIntent, a card form in which cards can be tried (card testing). */
  cardSetup: { name: 'card-setup', limit: 10, windowSeconds: 60 * 60 },
  /** Per client: the failed-payment link's calls (a page load, a payment, its check and settle are a handful). */
  billPayment: { name: 'bill-payment', limit: 60, windowSeconds: 15 * 60 },
  /**
   * Failed sign-ins (a wrong current password on the change-password page included) per account, that is
   * per e-mail address as typed, known or not: after 100 failures within an hour the next try is a 429. NIST SP
   * 800-63B caps consecutive failures at 100; over a sliding hour that is at most 2,400 guesses a day, and
   * the owner locked out this way can still sign in with an e-mailed link.
   */
  loginFailuresAccount: { name: 'login-failures-account', limit: 100, windowSeconds: 60 * 60 },
  /** Failed sign-ins per client address: the same 100 an hour, against one address trying many accounts. */
  loginFailuresClient: { name: 'login-failures-client', limit: 100, windowSeconds: 60 * 60 },
  /** Magic-link requests per client (each may send an e-mail). */
  magicLink: { name: 'magic-link', limit: 10, windowSeconds: 15 * 60 },
  /** Forgot-password requests per client (each may send an e-mail). */
  passwordReset: { name: 'password-reset', limit: 10, windowSeconds: 15 * 60 },
  /** Per recipient address: sign-in links and reset links to one mailbox, together. */
  signInMail: { name: 'sign-in-mail', limit: 5, windowSeconds: 60 * 60 },
  /**
   * Odometer photos per link token (issue 22): each is decoded and read twice by OCR, seconds of CPU, and is
   * kept. A policy's few vehicles, each with a retake or two after 'we could not read it', fit well inside.
   */
  odometerPhotoToken: { name: 'odometer-photo-token', limit: 20, windowSeconds: 60 * 60 },
  /** Odometer photos per client address: a household or a club stand with a few policies behind one address. */
  odometerPhotoClient: { name: 'odometer-photo-client', limit: 30, windowSeconds: 15 * 60 },
} satisfies Record<string, RateLimit>;

/**
 * Odometer uploads of one client address worked on at once, per process (issue 22): two, so a person with two
 * vehicles can send both photos together; one photo's OCR takes a few seconds, hence the Retry-After.
 */
const ODOMETER_UPLOAD_CAP: ConcurrencyCap = { perClient: 2, retryAfterSeconds: 5 };

/**
 * Claims of one client address received at once, per process (issue 22, item 5): two, so that a second press
 * under the same Idempotency-Key still gets the key's own answer (409, claim in progress) rather than this cap's.
 */
const CLAIM_UPLOAD_CAP: ConcurrencyCap = { perClient: 2, retryAfterSeconds: 10 };

/**
 * Multipart uploads (claims and odometer photos) of all clients received at once, per process (issue 22,
 * item 5): 100 parallel 10 MB claims took the server from 872 MB to 2,950 MB when every body was read whole.
 * Now each is read as it streams, each file to a file of the request's own (api/http/multipart.ts), and its
 * photos are checked one at a time from there; what one upload holds in memory is the parser's window and
 * the photo being checked (up to 10 MiB, and its decode of up to 40 megapixels). So the cap no longer
 * bounds bodies in memory: it bounds the photo decodes and OCR working together on the process's cores, and
 * the disk the folders take (8 x 50 MiB). Past it the request is answered 429 with Retry-After before its
 * body is read, whatever the number of clients.
 */
const UPLOADS_AT_ONCE = 8;
const UPLOADS_RETRY_AFTER_SECONDS = 5;

export interface CreateAppOptions {
  config: Config;
  db: Db;
  mail: MailQueue;
  /** Default: the gateway the config names (Stripe with keys, else test mode); tests pass a stand-in's. */
  payments?: PaymentGateway;
  /** Default: files under DATA_DIR/blobs; the server passes the store its environment names (api/server.ts). */
  blobs?: BlobStore;
  /** Default: a job over this app's database and blobs; the server and tests pass theirs to start, stop or wait on it. */
  documents?: DocumentsJob;
  clock?: () => Date;
  log?: LogSink;
  rateLimits?: Partial<typeof RATE_LIMITS>;
  /** Default ODOMETER_UPLOAD_CAP; tests lower it. */
  odometerUploadCap?: Partial<ConcurrencyCap>;
  /** Default CLAIM_UPLOAD_CAP. */
  claimUploadCap?: Partial<ConcurrencyCap>;
  /** Default UPLOADS_AT_ONCE: multipart uploads of all clients at once. */
  uploadsAtOnce?: number;
  /** Whether the process is stopping (api/server.ts): readiness answers 503 from then on. */
  stopping?: Stopping;
}

function onApiError(deps: Deps, error: unknown, c: Context): Response {
  if (error instanceof ApiError) return errorResponse(c, error.status, error.messages, error.fields, error.headers);
  if (error instanceof HTTPException && error.status < 500) {
    return errorResponse(c, error.status, [error.message || HTTP_MESSAGES.notFound]);
  }
  if (error instanceof DatabaseUnavailableError) {
    // Neither the caller's fault nor our bug, so not a 500; logged all the same (the driver's code and
    // message, no personal data), as an operator wants to know the database went away.
    logError(deps.log, `${c.req.method} ${loggedPath(c, 503)}`, error);
    return databaseUnavailableResponse(c);
  }
  logError(deps.log, `${c.req.method} ${loggedPath(c, 500)}`, error);
  return errorResponse(c, 500, [HTTP_MESSAGES.internal]);
}

export function createApp(options: CreateAppOptions): Hono {
  const blobs = options.blobs ?? createFileBlobStore(blobsDirOf(options.config.dataDir));
  const clock = options.clock ?? (() => new Date());
  const log = options.log ?? consoleSink;
  const deps: Deps = {
    config: options.config,
    db: options.db,
    mail: options.mail,
    payments: options.payments ?? paymentGatewayFor(options.config, options.db),
    blobs,
    documents: options.documents ?? createDocumentsJob({ db: options.db, blobs, clock, log }),
    clock,
    log,
  };
  const { config } = deps;
  // Without keys the test mode tells what it did as Stripe would: signed events through the webhook's own path.
  if (isTestModeGateway(deps.payments)) deps.payments.setEmitter(testModeEventEmitter(() => deps).emit);
  const limits = { ...RATE_LIMITS, ...options.rateLimits };
  const clientOf = (c: Context) => clientAddress(c, config.trustProxy);
  const uploads = new SharedCap(options.uploadsAtOnce ?? UPLOADS_AT_ONCE, UPLOADS_RETRY_AFTER_SECONDS, HTTP_MESSAGES.uploadsBusy);

  const app = new Hono();
  app.use('*', requestLogger(deps.log));
  app.use('*', closeWhileBodyArrives);
  app.use('*', checkHost(config.publicOrigin, ownOrigins(config)));
  app.use('*', securityHeaders({ https: config.publicOrigin.startsWith('https:') }));

  const api = new Hono();
  // Partner origins (CORS_ORIGINS) reach the public widget calls only, and never with credentials (issue 22 item 3).
  const isPartnerCall = partnerCalls(Object.values(endpointTable));
  api.use('*', cors(config.corsOrigins, isPartnerCall));
  // Origin is compared with our configuration only, never with the Host the caller wrote (DNS rebinding);
  // our own site's other names (www, SITE_ORIGINS) call the API as the public origin does; a partner origin
  // may change state only through a public widget call (not sign a visitor out).
  const ownOrPartner = checkOrigin(allowedOrigin(config.publicOrigin, [...config.corsOrigins, ...ownOrigins(config)]));
  const ownOnly = checkOrigin(allowedOrigin(config.publicOrigin, ownOrigins(config)));
  api.use('*', (c, next) => (isPartnerCall(c.req.method, c.req.path) ? ownOrPartner : ownOnly)(c, next));
  // Every route below is registered from the contract's table of endpoints, with the body guards (JSON
  // only, its own size limit) its entry declares and its request checked before the route's rate limit
  // counts it (api/http/endpoint.ts).
  api.route('/', healthRoutes(deps.db, options.stopping));
  api.route('/', contactRoutes(deps, {
    subscribe: rateLimit(deps.db, limits.subscribe, clientOf, deps.clock),
    claims: rateLimit(deps.db, limits.claims, clientOf, deps.clock),
    claimUploads: concurrencyCap({ ...CLAIM_UPLOAD_CAP, ...options.claimUploadCap }, clientOf, MESSAGES.claimBusy, uploads),
    claimMail: limits.claimMail,
    contact: limits.contact,
    contactMail: limits.contactMail,
  }));
  api.route('/', vinRoutes(deps));
  api.route('/', zipRoutes(deps));
  api.route('/', vehicleRoutes(deps));
  api.route('/', policyRoutes(deps, {
    lookup: rateLimit(deps.db, limits.lookupQuote, clientOf, deps.clock),
    price: rateLimit(deps.db, limits.price, clientOf, deps.clock),
    quoteMail: limits.quoteMail,
  }));
  api.route('/', purchaseRoutes(deps, { lienholder: rateLimit(deps.db, limits.lienholder, clientOf, deps.clock) }));
  api.route('/', handoverRoutes(deps, { issue: rateLimit(deps.db, limits.lookupQuote, clientOf, deps.clock) }));
  api.route('/', paymentsRoutes(deps));
  // The provider's events: server to server, verified by their signature, not by an Origin or a session
  api.route('/', webhookRoutes(deps));
  api.route('/', userRoutes(deps, limits));
  api.route('/', odometerRoutes(deps, {
    perClient: limits.odometerPhotoClient,
    perToken: limits.odometerPhotoToken,
    concurrency: { ...ODOMETER_UPLOAD_CAP, ...options.odometerUploadCap },
    uploads,
    clientOf,
  }));
  api.route('/', accountRoutes(deps, { cardRequest: limits.cardRequest }));
  api.route('/', paymentCardRoutes(deps, { cardSetup: limits.cardSetup }));
  api.route('/', billPaymentRoutes(deps, { link: rateLimit(deps.db, limits.billPayment, clientOf, deps.clock) }));
  api.route('/', renewalRoutes(deps));
  api.route('/', documentsRoutes(deps, { request: rateLimit(deps.db, limits.documentsRequest, clientOf, deps.clock), documentsMail: limits.documentsMail }));
  api.all('*', () => {
    throw new ApiError(404, HTTP_MESSAGES.notFound);
  });
  api.onError((error, c) => onApiError(deps, error, c));
  app.route('/api', api);

  app.route('/ops', opsRoutes(deps));
  if (!config.production) app.route('/dev/outbox', outboxPage(outboxDirOf(config.dataDir)));

  app.route('/', staticRoutes(config));
  app.all('*', (c) => c.text(HTTP_MESSAGES.methodNotAllowed, 405, { Allow: 'GET, HEAD' }));
  app.onError((error, c) => {
    logError(deps.log, `${c.req.method} ${loggedPath(c, 500)}`, error);
    return c.text(HTTP_MESSAGES.internal, 500);
  });
  return app;
}
