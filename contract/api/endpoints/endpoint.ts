/** The shape of one entry of the table of endpoints (contract/api/endpoints.ts). */
import type { Struct } from 'superstruct';

/**
 * What a call's body is: JSON (the only kind a cross-site form cannot send), none (GET), or a file upload
 * (multipart/form-data, which a cross-site form can send: such a call must be opened by a token in its body).
 */
export type BodyKind = 'json' | 'none' | 'multipart';

/** The largest JSON body a call takes unless it says otherwise: a quote with four vehicles is a few KiB. */
export const DEFAULT_JSON_LIMIT = 64 * 1024;

export interface Endpoint<Request = unknown, Answer = unknown> {
  method: 'GET' | 'POST';
  /** The full path, with `:name` for path parameters. */
  path: `/api/${string}`;
  /** The body (POST) or query (GET) rule; null when the call takes neither. */
  request: Struct<Request, any> | null;
  /** The answer's shape on success; null when the answer is not JSON (an image). */
  answer: Struct<Answer, any> | null;
  body: { kind: BodyKind; limitBytes: number };
  /** Needs a signed-in session (the account area's calls, issue 9). */
  session: boolean;
  /** Request headers the call needs beyond JSON. */
  headers?: readonly string[];
  /** One line for README.md's API table. */
  summary: string;
}

export type RequestOf<E> = E extends Endpoint<infer R, any> ? R : never;
export type AnswerOf<E> = E extends Endpoint<any, infer A> ? A : never;

export const json = { kind: 'json', limitBytes: DEFAULT_JSON_LIMIT } as const;
export const none = { kind: 'none', limitBytes: 0 } as const;

/** Typed once here, so each entry below infers its request and answer types from its structs. */
export function endpoint<Request, Answer>(spec: Endpoint<Request, Answer>): Endpoint<Request, Answer> {
  return spec;
}
