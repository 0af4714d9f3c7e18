import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { ErrorResponse, FieldError } from '../../contract/index.ts';

/**
 * A failure the caller caused, answered as the shape of DESIGN.md: { error_messages: [...] }.
 * `fields` keeps each message's field path, so a widget can put a server-side message beside its field.
 */
export class ApiError extends Error {
  override name = 'ApiError';
  readonly status: ContentfulStatusCode;
  readonly messages: string[];
  readonly fields: FieldError[] | undefined;
  readonly headers: Record<string, string>;

  constructor(
    status: ContentfulStatusCode,
    messages: string | string[],
    options: { fields?: FieldError[]; headers?: Record<string, string> } = {},
  ) {
    const list = Array.isArray(messages) ? messages : [messages];
    super(list.join(' '));
    this.status = status;
    this.messages = list;
    this.fields = options.fields;
    this.headers = options.headers ?? {};
  }
}

export type ErrorBody = ErrorResponse & { fields?: FieldError[] };

export function errorResponse(
  c: Context,
  status: ContentfulStatusCode,
  messages: string[],
  fields?: FieldError[],
  headers: Record<string, string> = {},
): Response {
  const body: ErrorBody = { error_messages: messages };
  if (fields) body.fields = fields;
  return c.json(body, status, headers);
}

/**
 * Seconds a client is asked to wait after a 503 of the database: a dropped connection is replaced at the
 * next request, a restarting server or a failover takes a few seconds.
 */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

/**
 * The answer to a request the database could not serve (api/db/unavailable.ts DatabaseUnavailableError): a
 * 503 with Retry-After, as the same request sent again shortly will most likely succeed.
 */
export function databaseUnavailableResponse(c: Context): Response {
  return errorResponse(c, 503, [HTTP_MESSAGES.unavailable], undefined, { 'Retry-After': String(DATABASE_RETRY_AFTER_SECONDS) });
}

/** The texts of the shared failures, in one place so tests pin them. */
export const HTTP_MESSAGES = {
  invalidJson: 'The request body is not valid JSON.',
  notAnObject: 'The request body must be a JSON object.',
  tooLarge: 'The request body is too large.',
  badLength: 'The Content-Length header is not a number.',
  uploadsBusy: 'We are receiving many uploads right now. Please try again in a few seconds.',
  unsupportedType: 'Please send the request body as application/json.',
  unsupportedUploadType: 'Please send the photo as a file upload (multipart/form-data).',
  forbiddenOrigin: 'Requests from this origin are not allowed.',
  misdirected: 'This server does not answer for that host name.',
  notFound: 'There is nothing at this address.',
  methodNotAllowed: 'This method is not allowed here.',
  tooMany: 'Too many requests. Please wait a moment and try again.',
  internal: 'Something went wrong on our side. Please try again later.',
  unavailable: 'The service is briefly unavailable. Please try again in a few seconds.',
} as const;
