/**
 * AWS Signature Version 4, header-based (the Authorization header), as S3 and every S3-compatible store
 * (MinIO, Ceph, R2, ...) check it: our own few lines over node:crypto instead of the AWS SDK, a heavy
 * dependency for three calls. Pure: the time comes in as `now`, nothing is read or sent here.
 *
 * The steps are AWS's (Amazon S3 API reference, "Signature Calculations for the Authorization Header"):
 * a canonical request (method, URI, query, signed headers, payload hash), a string to sign over its
 * SHA-256 with the date and scope, and an HMAC-SHA256 chain from the secret through date, region, service
 * and 'aws4_request'. sigv4.test.ts reproduces AWS's published examples exactly.
 */
import { createHmac } from 'node:crypto';
import { sha256Hex } from '../hash.ts';

export interface SignRequestInput {
  method: string;
  url: URL | string;
  /**
   * Headers the request sends that the signature must cover (content-type, range, x-amz-storage-class,
   * date...), any case. host, x-amz-date and x-amz-content-sha256 are added here.
   */
  headers: Readonly<Record<string, string>>;
  /** SHA-256 of the body in hex; EMPTY_PAYLOAD_SHA256 when there is none. */
  payloadSha256: string;
  region: string;
  service: string;
  accessKeyId: string;
  secretAccessKey: string;
  now: Date;
}

/** The headers to send besides the request's own. Host is not among them: fetch sends url.host, which is what was signed. */
export interface SigV4Headers {
  authorization: string;
  'x-amz-date': string;
  'x-amz-content-sha256': string;
}

const ALGORITHM = 'AWS4-HMAC-SHA256';


export const EMPTY_PAYLOAD_SHA256 = sha256Hex('');

/** 2013-05-24T00:00:00.000Z -> 20130524T000000Z */
function amzDate(now: Date): string {
  return now.toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');
}

/**
 * SigV4's UriEncode: every byte but A-Z a-z 0-9 - . _ ~ as %XX in upper case. encodeURIComponent also
 * leaves ! ' ( ) * alone, which S3 encodes.
 */
export function uriEncode(text: string): string {
  return encodeURIComponent(text).replace(/[!'()*]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`);
}

/** Each segment of the path encoded once, whether the URL came encoded ('/test%24file.text') or not ('/test$file.text'). */
function canonicalUri(url: URL): string {
  return url.pathname
    .split('/')
    .map((segment) => uriEncode(decodeURIComponent(segment)))
    .join('/');
}

const byCodePoint = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * Names and values encoded, sorted by name then value, a name without a value written 'name='. Split by
 * hand rather than through URLSearchParams, which reads '+' as a space where S3 reads a plus.
 */
function canonicalQuery(url: URL): string {
  if (url.search.length <= 1) return '';
  return url.search
    .slice(1)
    .split('&')
    .map((pair) => {
      const [name = '', ...value] = pair.split('=');
      return [uriEncode(decodeURIComponent(name)), uriEncode(decodeURIComponent(value.join('=')))] as const;
    })
    .sort(([nameA, valueA], [nameB, valueB]) => byCodePoint(nameA, nameB) || byCodePoint(valueA, valueB))
    .map(([name, value]) => `${name}=${value}`)
    .join('&');
}

export interface CanonicalRequest {
  /** The canonical request itself; its SHA-256 is the last line of the string to sign. */
  text: string;
  /** 'host;range;x-amz-content-sha256;x-amz-date': the names, lower case, sorted, for the Authorization header. */
  signedHeaders: string;
}

export function canonicalRequest(input: Pick<SignRequestInput, 'method' | 'url' | 'headers' | 'payloadSha256' | 'now'>): CanonicalRequest {
  const url = new URL(input.url);
  const headers = new Map<string, string>();
  for (const [name, value] of Object.entries(input.headers)) headers.set(name.toLowerCase(), value.trim().replace(/\s+/g, ' '));
  headers.set('host', url.host);
  headers.set('x-amz-content-sha256', input.payloadSha256);
  headers.set('x-amz-date', amzDate(input.now));
  const names = [...headers.keys()].sort(byCodePoint);
  const signedHeaders = names.join(';');
  const text = [
    input.method.toUpperCase(),
    canonicalUri(url),
    canonicalQuery(url),
    ...names.map((name) => `${name}:${headers.get(name)}`),
    '',
    signedHeaders,
    input.payloadSha256,
  ].join('\n');
  return { text, signedHeaders };
}

const hmac = (key: string | Buffer, data: string): Buffer => createHmac('sha256', key).update(data).digest();

/** The headers that authenticate the request: add them to the request's own and send it unchanged. */
export function signRequest(input: SignRequestInput): SigV4Headers {
  const date = amzDate(input.now);
  const day = date.slice(0, 8);
  const scope = `${day}/${input.region}/${input.service}/aws4_request`;
  const canonical = canonicalRequest(input);
  const stringToSign = [ALGORITHM, date, scope, sha256Hex(canonical.text)].join('\n');
  const signingKey = hmac(hmac(hmac(hmac(`AWS4${input.secretAccessKey}`, day), input.region), input.service), 'aws4_request');
  const signature = createHmac('sha256', signingKey).update(stringToSign).digest('hex');
  return {
    authorization: `${ALGORITHM} Credential=${input.accessKeyId}/${scope},SignedHeaders=${canonical.signedHeaders},Signature=${signature}`,
    'x-amz-date': date,
    'x-amz-content-sha256': input.payloadSha256,
  };
}
