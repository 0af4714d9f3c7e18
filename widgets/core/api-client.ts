import wretch from 'wretch';
import { is } from 'superstruct';
import type { AnswerOf, Endpoint, RequestOf } from '../../contract/api/endpoints.ts';
import { isErrorResponse } from '../../contract/index.ts';
import { endSession } from './session.ts';
import { emit } from './events.ts';

/**
 * Every widget talks to the API through this client and never sees an exception: a call answers either
 * the data or a failure with the server's messages (error_messages, DESIGN.md "The API"). A network
 * failure is status 0 with no messages, so the widget shows its own fallback text.
 */
export type ApiResult<T> =
  | { ok: true; status: number; data: T }
  | { ok: false; status: number; messages: string[]; body?: unknown };

export interface CallOptions {
  /** Values of the path's `:name` parameters. */
  params?: Record<string, string>;
  /** A GET endpoint's query. */
  query?: Record<string, string>;
  /** Request headers the endpoint declares (the bind's Idempotency-Key). */
  headers?: Record<string, string>;
  /** Cancels the call (step 4's live price drops a request a newer change made stale); it then fails with status 0. */
  signal?: AbortSignal;
}

export interface ApiClient {
  /**
   * Calls one endpoint of the contract's table (`api.call(endpoints.quote, body)`): its method and path come
   * from the table, and a 2xx whose body does not match the endpoint's answer struct is a failure without
   * messages (the widget shows its fallback text), never data of the wrong shape.
   */
  call<E extends Endpoint<any, any>>(endpoint: E, body?: RequestOf<E> | null, options?: CallOptions): Promise<ApiResult<AnswerOf<E>>>;
  /**
   * Posts a form with a file to a multipart endpoint of the table (`api.upload(endpoints.odometerPhoto, form)`),
   * with the same result and the same answer check as `call`. The browser writes the Content-Type with the
   * form's boundary, so none is set here.
   */
  upload<E extends Endpoint<any, any>>(endpoint: E, form: FormData, options?: CallOptions): Promise<ApiResult<AnswerOf<E>>>;
}

/**
 * What a 401 does anywhere (doc 1 section 8, "log the user out"): the page-wide session ends, so every
 * widget that shows signed-in things redraws signed out (they read the session signal), and the page hears.
 */
export function logout(): void {
  endSession();
  emit(window, 'ppm-logout', { reason: 'unauthorized' });
}

/**
 * The credentials mode of calls to `base`. Doc 1 section 7: "All requests send credentials (cookies)", on
 * our own site. A widget embedded on a partner's page calls the API on another origin: it sends no cookie
 * there (issue 22 item 3; DESIGN.md "Embedding": it never depends on the API's cookies, and the API
 * answers partner origins without Allow-Credentials, so a credentialed call would be refused anyway).
 */
export function credentialsFor(base: string, page: { href: string; origin: string } | undefined = globalThis.location): RequestCredentials {
  if (!page) return 'same-origin';
  try {
    return new URL(base || '/', page.href).origin === page.origin ? 'include' : 'omit';
  } catch {
    return 'omit';
  }
}

/** `base` is the API's origin ('' for same-origin); paths start with /api/. */
export function createApiClient(base: string): ApiClient {
  const api = wretch(base).options({ credentials: credentialsFor(base) }).accept('application/json');

  async function run<T>(call: () => Promise<Response>): Promise<ApiResult<T>> {
    let response: Response;
    try {
      response = await call();
    } catch (error) {
      const status = typeof (error as { status?: unknown }).status === 'number' ? (error as { status: number }).status : 0;
      if (status === 401) logout();
      const text = (error as { message?: string }).message;
      return { ok: false, status, messages: status ? readMessages(text) : [], ...(status ? { body: parseBody(text) } : {}) };
    }
    const text = await response.text().catch(() => '');
    let data: unknown = null;
    try {
      data = text ? JSON.parse(text) : null;
    } catch {
      // A 2xx that is not JSON is not our API; treat it as a failure the widget explains with its fallback.
      return { ok: false, status: response.status, messages: [] };
    }
    return { ok: true, status: response.status, data: data as T };
  }

  function prepare(endpoint: Endpoint<any, any>, options: CallOptions) {
    const path = endpoint.path.replace(/:([a-z]+)/gi, (_: string, name: string) => encodeURIComponent(options.params?.[name] ?? ''));
    const query = options.query ? `?${new URLSearchParams(options.query)}` : '';
    const call = api.url(path + query).headers(options.headers ?? {});
    return options.signal ? call.options({ signal: options.signal }) : call;
  }

  function checkAnswer<T>(endpoint: Endpoint<any, any>, result: ApiResult<T>): ApiResult<T> {
    // the answer's body stays readable (a 202 of another shape, e.g. the bind's authentication) as `body`
    if (result.ok && endpoint.answer && !is(result.data, endpoint.answer)) return { ok: false, status: result.status, messages: [], body: result.data };
    return result;
  }

  return {
    async call(endpoint, body, options = {}) {
      const prepared = prepare(endpoint, options);
      const result = await run<AnswerOf<typeof endpoint>>(() =>
        endpoint.method === 'GET' ? prepared.get().res() : prepared.json(body ?? {}).post().res(),
      );
      return checkAnswer(endpoint, result);
    },
    async upload(endpoint, form, options = {}) {
      return checkAnswer(endpoint, await run<AnswerOf<typeof endpoint>>(() => prepare(endpoint, options).body(form).post().res()));
    },
  };
}

/** A failed answer's JSON body, for the few callers that read more than its messages (the bind's 409). */
function parseBody(text: string | undefined): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** wretch puts a failed response's body text in `message`; ours is { error_messages: [...] }. */
function readMessages(body: string | undefined): string[] {
  if (!body) return [];
  try {
    const parsed: unknown = JSON.parse(body);
    if (isErrorResponse(parsed)) return parsed.error_messages.filter((m): m is string => typeof m === 'string' && m.length > 0);
  } catch {
    // not JSON: a proxy's error page; nothing the person should read
  }
  return [];
}
