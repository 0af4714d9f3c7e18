import wretch from 'wretch';
import { isErrorResponse } from '../../contract/index.ts';
import { clearStore } from './store.ts';
import { emit } from './events.ts';

/**
 * Every widget talks to the API through this client and never sees an exception: a call answers either
 * the data or a failure with the server's messages (error_messages, DESIGN.md "The API"). A network
 * failure is status 0 with no messages, so the widget shows its own fallback text.
 */
export type ApiResult<T> =
  | { ok: true; status: number; data: T }
  | { ok: false; status: number; messages: string[] };

export interface ApiClient {
  get<T>(path: string): Promise<ApiResult<T>>;
  post<T>(path: string, body: object): Promise<ApiResult<T>>;
}

/** What a 401 does anywhere (doc 1 section 8, "log the user out"): forget the session and tell the page. */
export function logout(): void {
  clearStore();
  emit(window, 'ppm-logout', { reason: 'unauthorized' });
}

/** `base` is the API's origin ('' for same-origin); paths start with /api/. */
export function createApiClient(base: string): ApiClient {
  // credentials: doc 1 section 7, "All requests send credentials (cookies)".
  const api = wretch(base).options({ credentials: 'include' }).accept('application/json');

  async function run<T>(call: () => Promise<Response>): Promise<ApiResult<T>> {
    let response: Response;
    try {
      response = await call();
    } catch (error) {
      const status = typeof (error as { status?: unknown }).status === 'number' ? (error as { status: number }).status : 0;
      if (status === 401) logout();
      return { ok: false, status, messages: status ? readMessages((error as { message?: string }).message) : [] };
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

  return {
    get: (path) => run(() => api.get(path).res()),
    post: (path, body) => run(() => api.url(path).json(body).post().res()),
  };
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
