/**
 * A seeded generator of hostile requests for every entry of the table of endpoints (issue 22): the API must
 * answer each with a 4xx (or a 2xx), never a 5xx. Used by api/http/fuzz.test.ts (200 requests a route,
 * in the suite) and api/testing/fuzz-cli.ts (`npm run fuzz`: 10,000 a route, outside it).
 *
 * For a JSON call it builds a plausible body from the entry's request struct (a value each field's rule
 * accepts, where one of a few candidates does) and corrupts one field at a time: a wrong type, a huge string,
 * deep nesting, numbers JSON cannot or should not carry (1e400, 9007199254740993, 1.5, -0), control characters
 * and broken surrogates, nulls; or the whole body: empty, not JSON, not an object, another content type. A GET
 * gets its query fields and path parameters corrupted; a multipart call its text parts. Same seed, same
 * requests.
 */
import type { Struct } from 'superstruct';
import type { Endpoint } from '../../contract/api/endpoints.ts';
import { ClaimRequest } from '../../contract/api/contact.ts';
import { OdometerPhotoFields } from '../../contract/api/onboarding.ts';
import { seededRandom } from './seeded-random.ts';

export interface FuzzRequest {
  /** What was corrupted, for a failure's message. */
  label: string;
  method: 'GET' | 'POST';
  /** From the host: '/api/...?...' */
  path: string;
  headers: Record<string, string>;
  body?: string | FormData;
}

const DEEP = 4000;

/** JSON texts that stand where a field's value goes. */
const JSON_FRAGMENTS: readonly string[] = [
  'null', 'true', 'false', '0', '-1', '1.5', '-0', '1e308', '-1e308', '1e400', '-1e400', '9007199254740993', '9007199254740991',
  '2147483648', '1e-400', '123456789012345678901234567890', '""', '"   "', '"x"', '"NaN"', '"Infinity"', '"1e400"', '"1.5"',
  '"9007199254740993"', '"-1"', '"０１２３"', '"\\u0000"', '"a\\u0000b"', '"\\ud800"', '"\\udfff x"', '"😀🚗"', '"\\u202eevil"',
  '"<script>alert(1)</script>"', `"' OR 1=1--"`, '"%00"', '"../../etc/passwd"', '[]', '{}', '[null]', '[1,2,3]', '{"__proto__":{"polluted":1}}',
  '{"constructor":{"prototype":{"polluted":1}}}', `"${'x'.repeat(10_000)}"`, `"${'é'.repeat(3_000)}"`,
  '['.repeat(DEEP) + ']'.repeat(DEEP), '{"a":'.repeat(200) + '1' + '}'.repeat(200), '['.repeat(33) + ']'.repeat(33),
];

/** Not JSON at all, or not what a body should be, as a whole body. */
const WHOLE_BODIES: readonly string[] = [
  '', ' ', 'null', '[]', '"x"', '1', 'true', '{', '{"a":}', 'NaN', '{"a":NaN}', '{"a":Infinity}', '{"a":1e400}', "{'a':1}", '\u0000',
  '\ufeff{}', '['.repeat(DEEP) + ']'.repeat(DEEP), '{"a":'.repeat(DEEP) + '1' + '}'.repeat(DEEP), `{"x":"${'y'.repeat(70_000)}"}`,
  '{"__proto__":{"polluted":1}}', '{"a":1,"a":2}',
];

/** Strings for query values, path parameters and multipart text parts. */
const TEXTS: readonly string[] = [
  '', ' ', '0', '-1', '1.5', '1e3', '1e400', '9007199254740993', '99999999999999999999', '0x10', 'NaN', 'Infinity', 'null', 'undefined',
  '[object Object]', '\u0000', 'a\u0000b', '\ud800', '😀', '\u202e', '<svg onload=alert(1)>', "' OR 1=1--", '../../etc/passwd', '%00',
  'x'.repeat(5_000), '１２３', '[' .repeat(DEEP) + ']'.repeat(DEEP), '{"a":1}', '1 ', ' 1', '+1',
];

const CONTENT_TYPES: readonly (string | null)[] = [
  null, 'text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'application/json; charset=utf-16',
  'application/jsonx', 'application/xml', 'application/json, text/plain',
];

/** Values tried, in order, as a field's plausible value when its struct is a custom rule. */
const CANDIDATES: readonly unknown[] = [
  'Ann', 'ann@example.com', '12345', '94103', 'CA', '2026-07-01', '07/01/2026', '1', 1, true, false, 'yes', 'Y', 'WP0AB2A93LS225301',
  'Carrera-911-GT3', '4155550123', '(415) 555-0123', 'AP-1000001', 'x', 0, 100, 10_000, [], {},
];

type AnyStruct = Struct<any, any> & { type: string; schema: unknown };

function fieldsOf(struct: AnyStruct): Record<string, AnyStruct> | null {
  if ((struct.type === 'object' || struct.type === 'type') && struct.schema && typeof struct.schema === 'object') {
    return struct.schema as Record<string, AnyStruct>;
  }
  return null;
}

function accepts(struct: AnyStruct, value: unknown): boolean {
  try {
    return !struct.validate(value, { coerce: true })[0];
  } catch {
    return false;
  }
}

/** A value the struct accepts, where one is easy to find; else something of about the right kind. */
function plausible(struct: AnyStruct, depth = 0): unknown {
  const fields = fieldsOf(struct);
  if (fields) {
    return Object.fromEntries(Object.entries(fields).map(([name, field]) => [name, depth > 4 ? null : plausible(field, depth + 1)]));
  }
  if (struct.type === 'array') return struct.schema && depth <= 4 ? [plausible(struct.schema as AnyStruct, depth + 1)] : [];
  if (struct.type === 'enums') return Object.values(struct.schema as object)[0];
  if (struct.type === 'literal') return struct.schema;
  for (const candidate of CANDIDATES) if (accepts(struct, candidate)) return candidate;
  if (struct.type === 'number' || struct.type === 'integer') return 1;
  if (struct.type === 'boolean') return true;
  return 'x';
}

/** The dotted paths of a plausible body's fields, two levels deep. */
function pathsOf(value: unknown, prefix: string[] = [], depth = 0): string[][] {
  if (value === null || typeof value !== 'object' || Array.isArray(value) || depth > 1) return [];
  return Object.entries(value).flatMap(([name, inner]) => [[...prefix, name], ...pathsOf(inner, [...prefix, name], depth + 1)]);
}

const SENTINEL = '\u0001fuzz\u0001';

/** The body's JSON with the field at `path` replaced by the JSON text `fragment` (or dropped when null). */
function withField(body: unknown, path: string[], fragment: string | null): string {
  const copy = structuredClone(body) as Record<string, unknown>;
  let at = copy;
  for (const name of path.slice(0, -1)) at = at[name] as Record<string, unknown>;
  const last = path[path.length - 1]!;
  if (fragment === null) {
    delete at[last];
    return JSON.stringify(copy);
  }
  at[last] = SENTINEL;
  return JSON.stringify(copy).replace(JSON.stringify(SENTINEL), fragment);
}

function pick<T>(random: () => number, list: readonly T[]): T {
  return list[Math.floor(random() * list.length)]!;
}

/** How a call's requests are sent: the origin's headers, a session's cookie where the route needs one. */
export interface FuzzContext {
  /** Headers every request carries (Origin, a client address). */
  headers: () => Record<string, string>;
  /** A signed-in session's Cookie header for a session route, or null to send none. */
  session?: (() => Record<string, string>) | null;
}

/** A text as a path segment; a broken surrogate as the broken percent-encoding a client could send. */
function segment(text: string): string {
  try {
    return encodeURIComponent(text);
  } catch {
    return '%ED%A0%80';
  }
}

/** A text as a header value (Latin-1 only, trimmed by fetch): percent-encoded, never empty. */
function headerValue(text: string): string {
  return segment(text).slice(0, 300) || 'x';
}

function fillPath(path: string, random: () => number, corrupt: boolean): string {
  return path.replace(/:(\w+)/g, () => segment(corrupt ? pick(random, TEXTS) : pick(random, ['1', '2', 'AP-1000001', '94103', 'sedan.svg'])));
}

function jsonCase(endpoint: Endpoint<any, any>, random: () => number, base: unknown): { label: string; body: string; type: string | null } {
  const roll = random();
  const paths = pathsOf(base);
  if (roll < 0.15 || paths.length === 0) return { label: 'whole body', body: pick(random, WHOLE_BODIES), type: 'application/json' };
  if (roll < 0.25) return { label: 'content type', body: JSON.stringify(base), type: pick(random, CONTENT_TYPES) };
  const path = pick(random, paths);
  if (roll < 0.3) return { label: `${path.join('.')} missing`, body: withField(base, path, null), type: 'application/json' };
  const fragment = pick(random, JSON_FRAGMENTS);
  return { label: `${path.join('.')} = ${fragment.slice(0, 24)}`, body: withField(base, path, fragment), type: 'application/json' };
}

function multipartCase(endpoint: Endpoint<any, any>, random: () => number): { label: string; form: FormData } {
  const form = new FormData();
  if (endpoint.path.endsWith('/claims')) {
    const base = plausible(ClaimRequest as AnyStruct);
    const paths = pathsOf(base);
    const roll = random();
    const claim = roll < 0.2 ? pick(random, WHOLE_BODIES) : withField(base, pick(random, paths), pick(random, JSON_FRAGMENTS));
    if (random() < 0.9) form.append('claim', claim);
    if (random() < 0.3) form.append('photos', new Blob([new Uint8Array(64).map(() => Math.floor(random() * 256))], { type: 'image/jpeg' }), 'p.jpg');
    if (random() < 0.1) form.append('photos', pick(random, TEXTS));
    return { label: `claim ${claim.slice(0, 32)}`, form };
  }
  const base = plausible(OdometerPhotoFields as AnyStruct) as Record<string, unknown>;
  const names = Object.keys(base);
  const target = pick(random, names);
  for (const name of names) if (name !== target || random() < 0.8) form.append(name, name === target ? pick(random, TEXTS) : String(base[name]));
  if (random() < 0.7) form.append('photo', new Blob([new Uint8Array(64).map(() => Math.floor(random() * 256))], { type: 'image/jpeg' }), 'o.jpg');
  return { label: `odometer ${target}`, form };
}

/**
 * `count` requests for `endpoint`, from `seed`. The first few are the fixed worst cases (deep nesting, an
 * empty body, another content type); the rest are drawn.
 */
export function fuzzRequests(endpoint: Endpoint<any, any>, seed: number, count: number, ctx: FuzzContext): FuzzRequest[] {
  const random = seededRandom(seed);
  const requests: FuzzRequest[] = [];
  const base = endpoint.request ? plausible(endpoint.request as AnyStruct) : {};
  for (let i = 0; i < count; i++) {
    const headers: Record<string, string> = { ...ctx.headers() };
    if (ctx.session && random() < 0.8) Object.assign(headers, ctx.session());
    if (endpoint.idempotency && random() < 0.9) headers['Idempotency-Key'] = random() < 0.9 ? `fuzz-${seed}-${i}-${Math.floor(random() * 1e9)}` : headerValue(pick(random, TEXTS));
    const path = fillPath(endpoint.path, random, random() < 0.5);
    if (endpoint.method === 'GET') {
      const names = endpoint.request ? Object.keys(plausible(endpoint.request as AnyStruct) as object) : [];
      const query = new URLSearchParams();
      for (const name of names) if (random() < 0.7) query.append(name, pick(random, TEXTS));
      if (random() < 0.2) query.append(pick(random, [...names, 'x']), pick(random, TEXTS));
      const text = query.toString();
      requests.push({ label: `query ${text.slice(0, 40)}`, method: 'GET', path: text ? `${path}?${text}` : path, headers });
      continue;
    }
    if (endpoint.body.kind === 'multipart' && random() < 0.85) {
      const { label, form } = multipartCase(endpoint, random);
      requests.push({ label, method: 'POST', path, headers, body: form });
      continue;
    }
    if (endpoint.body.kind === 'none') {
      requests.push({ label: 'body on a call without one', method: 'POST', path, headers: { ...headers, 'Content-Type': 'application/json' }, body: pick(random, WHOLE_BODIES) });
      continue;
    }
    // The fixed worst cases first: every route meets them, whatever the seed.
    const fixed: [string, string, string | null][] = [
      ['deep arrays in a field', '', 'application/json'],
      ['deep whole body', '['.repeat(DEEP) + ']'.repeat(DEEP), 'application/json'],
      ['empty body', '', 'application/json'],
      ['text/plain', JSON.stringify(base), 'text/plain'],
    ];
    let label: string;
    let body: string;
    let type: string | null;
    if (i < fixed.length) {
      [label, body, type] = fixed[i]!;
      if (i === 0) {
        const paths = pathsOf(base);
        body = paths.length ? withField(base, paths[0]!, '['.repeat(DEEP) + ']'.repeat(DEEP)) : `{"x":${'['.repeat(DEEP) + ']'.repeat(DEEP)}}`;
      }
    } else {
      ({ label, body, type } = jsonCase(endpoint, random, base));
    }
    if (type) headers['Content-Type'] = type;
    requests.push({ label, method: 'POST', path, headers, body });
  }
  return requests;
}

/** Counts by status, '200: 3, 400: 41, ...'. */
export function statusCounts(statuses: number[]): string {
  const counts = new Map<number, number>();
  for (const status of statuses) counts.set(status, (counts.get(status) ?? 0) + 1);
  return [...counts].sort(([a], [b]) => a - b).map(([status, n]) => `${status}: ${n}`).join(', ');
}
