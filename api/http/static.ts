/**
 * The static half of the one process: the Astro site at /, the widget bundle at /embed/, the demo pages
 * at /embed-demo/. Files are read from three roots only; a request path is decoded segment by segment and
 * refused when a segment could climb out ('..', '.', separators, NUL), then checked again after resolving.
 */
import { PAGES } from '../../contract/pages.ts';
import { createHash } from 'node:crypto';
import { readFileSync, statSync, type Stats } from 'node:fs';
import { join, resolve, sep } from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { Hono, type Context } from 'hono';
import { getMimeType } from 'hono/utils/mime';
import { unavailablePath } from '../../contract/reference/unavailable.ts';
import { WIZARD_PATH, WIZARD_STEP_PAGES } from '../../contract/reference/wizard.ts';

export interface StaticOptions {
  siteDir: string;
  embedDir: string;
  demoDir: string;
  /** The brand origin; demo HTML names http://localhost:4321 and is rewritten to this. */
  publicOrigin: string;
}


/** The documents page (doc 1 route table); its last segment is the link's token. */
const DOCUMENTS_PAGE_PATH = PAGES.documents;

const DEMO_ORIGIN_PLACEHOLDER = 'http://localhost:4321';

/** Resolves `urlPath` (still percent-encoded) under `root`, or null when it is not a plain path inside it. */
export function safeResolve(root: string, urlPath: string): string | null {
  const base = resolve(root);
  const segments: string[] = [];
  for (const raw of urlPath.split('/')) {
    if (raw === '') continue;
    let segment: string;
    try {
      segment = decodeURIComponent(raw);
    } catch {
      return null;
    }
    if (segment === '.' || segment === '..' || /[/\\\0]/.test(segment)) return null;
    segments.push(segment);
  }
  const full = resolve(base, ...segments);
  return full === base || full.startsWith(base + sep) ? full : null;
}

function statOrNull(path: string): Stats | null {
  try {
    return statSync(path);
  } catch {
    return null;
  }
}

/** A file, or a directory's index.html (Astro's 'directory' build format: /faq -> faq/index.html). */
function findFile(root: string, urlPath: string): { path: string; stats: Stats } | null {
  const resolved = safeResolve(root, urlPath);
  if (!resolved) return null;
  const stats = statOrNull(resolved);
  if (stats?.isFile()) return { path: resolved, stats };
  if (stats?.isDirectory()) {
    const index = join(resolved, 'index.html');
    const indexStats = statOrNull(index);
    if (indexStats?.isFile()) return { path: index, stats: indexStats };
  }
  return null;
}

const INLINE_SCRIPT = /<script\b(?![^>]*\bsrc\s*=)[^>]*>([\s\S]*?)<\/script>/gi;

/**
 * The site's Content-Security-Policy: our own scripts, Stripe.js (payment on our origin, DESIGN.md), and
 * the exact inline scripts of this page by hash (Astro inlines its island loader), never 'unsafe-inline'.
 * Images may be data: (the documents page's QR code) and blob: (the odometer page's preview of the photo
 * chosen, which never leaves the phone until it is sent).
 */
export function siteCsp(html: string): string {
  const frames = ['https://js.stripe.com', 'https://hooks.stripe.com', ...pageOrigins(html, 'frame-src')];
  const media = pageOrigins(html, 'media-src');
  const hashes = new Set<string>();
  for (const match of html.matchAll(INLINE_SCRIPT)) {
    const body = match[1] ?? '';
    if (body.trim() === '') continue;
    hashes.add(`'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`);
  }
  return [
    "default-src 'self'",
    `script-src 'self' ${[...hashes].join(' ')}${hashes.size ? ' ' : ''}https://js.stripe.com`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https://*.stripe.com",
    "font-src 'self'",
    "connect-src 'self' https://api.stripe.com",
    `frame-src ${[...new Set(frames)].join(' ')}`,
    ...(media.length ? [`media-src 'self' ${media.join(' ')}`] : []),
    "frame-ancestors 'self'",
    "form-action 'self'",
    "base-uri 'self'",
    "object-src 'none'",
  ].join('; ');
}

const META_CSP = /<meta\s+http-equiv="content-security-policy"\s+content="([^"]*)"/gi;
const HTTPS_ORIGIN = /^https:\/\/[a-z0-9.-]+(:\d+)?$/i;

/**
 * The https origins a page's own build-time policy (Astro's meta tag) allows for `directive`: a page that
 * embeds another site's player (the home page's video, only when one is configured, site/config.ts) names
 * that origin there, and the header allows it too, as both policies apply. Only bare https origins are
 * taken: never a wildcard, a scheme or a keyword.
 */
function pageOrigins(html: string, directive: 'frame-src' | 'media-src'): string[] {
  const origins = new Set<string>();
  for (const meta of html.matchAll(META_CSP)) {
    for (const part of (meta[1] ?? '').split(';')) {
      const [name, ...sources] = part.trim().split(/\s+/);
      if (name?.toLowerCase() !== directive) continue;
      for (const source of sources) if (HTTPS_ORIGIN.test(source)) origins.add(source);
    }
  }
  return [...origins];
}

const cspCache = new Map<string, { mtimeMs: number; size: number; csp: string }>();

function cspFor(path: string, stats: Stats, html: string): string {
  const cached = cspCache.get(path);
  if (cached && cached.mtimeMs === stats.mtimeMs && cached.size === stats.size) return cached.csp;
  const csp = siteCsp(html);
  cspCache.set(path, { mtimeMs: stats.mtimeMs, size: stats.size, csp });
  return csp;
}

/** Rollup's default chunk name is [name]-[hash].js with an 8-character hash: those never change. */
export function isHashedAsset(name: string): boolean {
  const match = /-([A-Za-z0-9_-]{8})\.(?:m?js|css)$/.exec(name);
  return match !== null && /[0-9A-Z]/.test(match[1]!);
}

const IMMUTABLE = 'public, max-age=31536000, immutable';

function contentType(path: string): string {
  const type = getMimeType(path) ?? 'application/octet-stream';
  return /^(text\/|application\/(javascript|json|xml))|\+xml/.test(type) && !type.includes('charset')
    ? `${type}; charset=utf-8`
    : type;
}

/** Text worth compressing: markup, scripts, styles, JSON, SVG. Images and fonts are compressed already. */
const COMPRESSIBLE = /^(text\/|application\/(javascript|json|xml|manifest\+json))|\+xml/;
/** Below this a compressed body saves less than its headers and the work cost. */
const COMPRESS_MIN_BYTES = 1024;

export type Encoding = 'br' | 'gzip';

/**
 * The encoding to send for an Accept-Encoding header: brotli where the browser takes it (every current one on
 * https and on localhost), else gzip; none when neither is accepted or one is refused with q=0.
 */
export function chooseEncoding(acceptEncoding: string | undefined): Encoding | null {
  const accepted = new Map<string, number>();
  for (const part of (acceptEncoding ?? '').toLowerCase().split(',')) {
    const [name, ...params] = part.trim().split(';');
    if (!name) continue;
    const q = params.map((param) => /^\s*q=([\d.]+)\s*$/.exec(param)?.[1]).find((value) => value !== undefined);
    accepted.set(name, q === undefined ? 1 : Number(q));
  }
  const weight = (name: Encoding) => accepted.get(name) ?? accepted.get('*') ?? 0;
  if (weight('br') > 0) return 'br';
  if (weight('gzip') > 0) return 'gzip';
  return null;
}

/**
 * Compressed bodies, made once per file version and encoding and kept: the files are the build's, a few
 * hundred, so the cache is bounded by the build (a rebuilt file has a new mtime, and its old entry is replaced).
 * Brotli at its best quality: a file is compressed once and then sent many times.
 */
const compressedCache = new Map<string, { version: string; bytes: Uint8Array<ArrayBuffer> }>();

function compressed(key: string, version: string, encoding: Encoding, bytes: Uint8Array<ArrayBuffer>): Uint8Array<ArrayBuffer> {
  const cacheKey = `${encoding}:${key}`;
  const cached = compressedCache.get(cacheKey);
  if (cached?.version === version) return cached.bytes;
  const out =
    encoding === 'br'
      ? brotliCompressSync(bytes, { params: { [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY, [zlib.BROTLI_PARAM_SIZE_HINT]: bytes.length } })
      : gzipSync(bytes, { level: 9 });
  compressedCache.set(cacheKey, { version, bytes: out });
  return out;
}

/**
 * The one byte range a Range header asks of a file of `size` bytes (`bytes=a-b`, `bytes=a-`, `bytes=-n`), so a
 * video can be sought and Safari plays it at all (issue 23: the home page's film); 'unsatisfiable' when it
 * starts past the end (416); null for no header, a malformed one or several ranges, which get the whole file.
 */
export function byteRange(header: string | undefined, size: number): { start: number; end: number } | 'unsatisfiable' | null {
  const match = /^bytes=(\d*)-(\d*)$/.exec(header?.trim() ?? '');
  if (!match) return null;
  const [, from = '', to = ''] = match;
  if (from === '') {
    if (to === '') return null;
    const suffix = Number(to);
    return suffix === 0 || size === 0 ? 'unsatisfiable' : { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(from);
  if (to !== '' && Number(to) < start) return null;
  if (start >= size) return 'unsatisfiable';
  return { start, end: to === '' ? size - 1 : Math.min(Number(to), size - 1) };
}

function send(c: Context, file: { path: string; stats: Stats }, status: 200 | 404, headers: Record<string, string>, body?: string): Response {
  const etag = `W/"${file.stats.size.toString(16)}-${Math.floor(file.stats.mtimeMs).toString(16)}${body !== undefined ? '-r' : ''}"`;
  const type = contentType(file.path);
  const all: Record<string, string> = { 'Content-Type': type, ETag: etag, ...headers };
  if (!COMPRESSIBLE.test(type)) {
    if (status === 200 && c.req.header('if-none-match') === etag) return c.body(null, 304, all);
    if (status === 200 && body === undefined) {
      all['Accept-Ranges'] = 'bytes';
      // If-Range compares strongly and our ETags are weak: with one, the whole file (RFC 9110 13.1.5)
      const range = c.req.header('if-range') === undefined ? byteRange(c.req.header('range'), file.stats.size) : null;
      if (range === 'unsatisfiable') return c.body(null, 416, { ...all, 'Content-Range': `bytes */${file.stats.size}` });
      if (range) {
        const part = readFileSync(file.path).subarray(range.start, range.end + 1);
        return c.body(part, 206, { ...all, 'Content-Range': `bytes ${range.start}-${range.end}/${file.stats.size}` });
      }
    }
    return c.body(body ?? readFileSync(file.path), status, all);
  }
  // A cache between us and the browser keeps one copy per encoding.
  all.Vary = 'Accept-Encoding';
  if (status === 200 && c.req.header('if-none-match') === etag) return c.body(null, 304, all);
  const bytes: Uint8Array<ArrayBuffer> = body !== undefined ? Buffer.from(body, 'utf8') : readFileSync(file.path);
  const encoding = bytes.length >= COMPRESS_MIN_BYTES ? chooseEncoding(c.req.header('accept-encoding')) : null;
  if (!encoding) return c.body(bytes, status, all);
  // a body rewritten per request (the demo's origin) is keyed by its own hash, not only by the file
  const version = body !== undefined ? createHash('sha256').update(body).digest('base64') : etag;
  return c.body(compressed(file.path, version, encoding, bytes), status, { ...all, 'Content-Encoding': encoding });
}

function sitePage(c: Context, file: { path: string; stats: Stats }, status: 200 | 404): Response {
  const isHtml = file.path.endsWith('.html');
  const url = new URL(c.req.url).pathname;
  const headers: Record<string, string> = {
    'Cache-Control': isHtml ? 'no-cache' : url.startsWith('/_astro/') ? IMMUTABLE : 'public, max-age=3600',
  };
  if (isHtml) {
    const html = readFileSync(file.path, 'utf8');
    headers['Content-Security-Policy'] = cspFor(file.path, file.stats, html);
    return send(c, file, status, headers, html);
  }
  return send(c, file, status, headers);
}

function notFoundPage(c: Context, siteDir: string): Response {
  const page = findFile(siteDir, '/404.html');
  if (page) return sitePage(c, page, 404);
  return c.text('Page Not Found', 404, { 'Cache-Control': 'no-cache' });
}

/** Serves demo pages with the brand origin written in, so the demo follows PORT and PUBLIC_ORIGIN. */
export function serveDemo(c: Context, demoDir: string, urlPath: string, publicOrigin: string): Response | null {
  const file = findFile(demoDir, urlPath);
  if (!file) return null;
  const headers = { 'Cache-Control': 'no-cache' };
  if (file.path.endsWith('.html')) {
    const html = readFileSync(file.path, 'utf8').replaceAll(DEMO_ORIGIN_PLACEHOLDER, publicOrigin);
    return send(c, file, 200, headers, html);
  }
  return send(c, file, 200, headers);
}

export function staticRoutes(options: StaticOptions): Hono {
  const app = new Hono();

  // A start-quote form sent before its island hydrated (or without JavaScript) is a plain GET to the wizard
  // with the state picked: a state we do not write in goes where the hydrated widget would have sent it.
  const unavailableState = async (c: Context, next: () => Promise<void>) => {
    const target = unavailablePath(c.req.query('state') ?? '');
    if (target === null) return next();
    return c.redirect(target, 303);
  };
  app.get(WIZARD_PATH, unavailableState);
  app.get(`${WIZARD_PATH}/`, unavailableState);

  for (const page of WIZARD_STEP_PAGES) {
    const toWizard = (c: Context) => c.redirect(`${WIZARD_PATH}${new URL(c.req.url).search}`, 301);
    app.get(`${WIZARD_PATH}/${page}`, toWizard);
    app.get(`${WIZARD_PATH}/${page}/`, toWizard);
  }

  // doc 1's /account/documents/{id}: one static page for every token, which it reads from the path. The
  // page must not be cached by anyone but the person (its address is a key) and sends no referrer.
  const documentsPage = (c: Context) => {
    const file = findFile(options.siteDir, `${DOCUMENTS_PAGE_PATH}/`);
    if (!file) return notFoundPage(c, options.siteDir);
    const response = sitePage(c, file, 200);
    response.headers.set('Cache-Control', 'private, no-store');
    return response;
  };
  app.get(`${DOCUMENTS_PAGE_PATH}/:token`, documentsPage);
  app.get(`${DOCUMENTS_PAGE_PATH}/:token/`, documentsPage);

  app.get('/embed/*', (c) => {
    const rest = new URL(c.req.url).pathname.slice('/embed'.length);
    const file = findFile(options.embedDir, rest);
    // Module scripts load in CORS mode from dealer and club origins; these are public files, so any
    // origin may read them. The API itself never answers '*'.
    const cors = { 'Access-Control-Allow-Origin': '*', 'Cross-Origin-Resource-Policy': 'cross-origin' };
    if (!file) return c.text('Not found', 404, cors);
    const name = file.path.slice(file.path.lastIndexOf(sep) + 1);
    return send(c, file, 200, {
      ...cors,
      'Cache-Control': isHashedAsset(name) ? IMMUTABLE : 'public, max-age=300',
    });
  });

  app.get('/embed-demo', (c) => c.redirect('/embed-demo/', 301));
  app.get('/embed-demo/*', (c) => {
    const rest = new URL(c.req.url).pathname.slice('/embed-demo'.length);
    return serveDemo(c, options.demoDir, rest, options.publicOrigin) ?? notFoundPage(c, options.siteDir);
  });

  app.get('*', (c) => {
    const file = findFile(options.siteDir, new URL(c.req.url).pathname);
    return file ? sitePage(c, file, 200) : notFoundPage(c, options.siteDir);
  });

  return app;
}
