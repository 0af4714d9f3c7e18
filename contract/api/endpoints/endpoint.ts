/** The shape of one entry of the table of endpoints (contract/api/endpoints.ts). */
import type { Struct } from 'superstruct';
import type { MESSAGES } from '../../messages.ts';

/**
 * What a call's body is: JSON (the only kind a cross-site form cannot send), none (GET), or a file upload
 * (multipart/form-data, which a cross-site form can send: such a call must be opened by a token in its body).
 */
export type BodyKind = 'json' | 'none' | 'multipart';

/** The largest JSON body a call takes unless it says otherwise: a quote with four vehicles is a few KiB. */
export const DEFAULT_JSON_LIMIT = 64 * 1024;

/** A message of contract/messages/ that is a plain text (not one built from a number or a name). */
export type TextMessageKey = { [K in keyof typeof MESSAGES]: (typeof MESSAGES)[K] extends string ? K : never }[keyof typeof MESSAGES];

/**
 * A call that takes an `Idempotency-Key` header (api/http/idempotency.ts): one key stands for one thing done
 * once (a payment attempt, a claim, a message). The texts are named, not imported, so a widget that loads
 * this table does not carry the API's refusals in its bundle.
 */
export interface Idempotency {
  /** The keys' namespace in the store (idempotency_keys.scope): one key means one thing per call. */
  scope: string;
  /** What one key stands for, in the 400 of a missing key: MESSAGES.idempotencyKeyRequired(each). */
  each: string;
  /** The 422 of a key sent again with another body. */
  reused: TextMessageKey;
  /** The 409 while the first request under the key still runs (with Retry-After). */
  inFlight: TextMessageKey;
}

/**
 * What one file upload takes, part by part (api/http/multipart.ts): files past `files` are not kept and a
 * file past `fileBytes` is cut off, each for the route to refuse with its own words; a text part past
 * `fieldBytes`, or more than `fields` of them, is a 413.
 */
export interface UploadParts {
  files: number;
  fileBytes: number;
  fields: number;
  fieldBytes: number;
}

export type EndpointBody = { kind: 'json' | 'none'; limitBytes: number } | { kind: 'multipart'; limitBytes: number; parts: UploadParts };

export interface Endpoint<Request = unknown, Answer = unknown> {
  method: 'GET' | 'POST';
  /** The full path, with `:name` for path parameters. */
  path: `/api/${string}`;
  /** The body (POST) or query (GET) rule; null when the call takes neither. */
  request: Struct<Request, any> | null;
  /** The answer's shape on success; null when the answer is not JSON (an image). */
  answer: Struct<Answer, any> | null;
  body: EndpointBody;
  /** Needs a signed-in session (the account area's calls, issue 9). */
  session: boolean;
  /** Request headers the call needs beyond JSON ('Idempotency-Key' exactly when `idempotency` is declared). */
  headers?: readonly string[];
  /** Takes an Idempotency-Key: a retry under the same key and body answers the first answer again. */
  idempotency?: Idempotency;
  /**
   * A public call the embeddable widgets make from a partner's page (quote start, retrieve quote, notify
   * me, claim form, the wizard up to its hand-over). Only these answer a partner origin (CORS_ORIGINS):
   * with CORS but never with credentials (api/http/cors.ts). Every other call, the account's and the
   * session's above all, is our own site's alone.
   */
  partner?: true;
}

export type RequestOf<E> = E extends Endpoint<infer R, any> ? R : never;
export type AnswerOf<E> = E extends Endpoint<any, infer A> ? A : never;

export const json = { kind: 'json', limitBytes: DEFAULT_JSON_LIMIT } as const;
export const none = { kind: 'none', limitBytes: 0 } as const;

/** Typed once here, so each entry below infers its request and answer types from its structs. */
export function endpoint<Request, Answer>(spec: Endpoint<Request, Answer>): Endpoint<Request, Answer> {
  return spec;
}
