import type { ApiRequest, ApiResponse } from '../http/api-request.js';
import { normalizePath } from '../http/normalize-path.js';
import { readBody } from '../http/read-body.js';
import { type BaseUrl, pathUnder } from './base-url.js';

/**
 * A fetch Request as the core reads it: its path (normalized) under the base URL's prefix
 * (`/platform/v1/agents` → `/v1/agents`); one outside it is marked `outside`, for a 404. Its signal
 * ends the waits of a request its caller gave up.
 */
export function fromFetchRequest(request: Request, base: BaseUrl): ApiRequest {
  const url = new URL(request.url);
  const pathname = normalizePath(url.pathname);
  const under = pathUnder(base.prefix, pathname);
  const path = under ?? pathname;
  return {
    method: request.method,
    path,
    ...(under === null ? { outside: base.url } : {}),
    search: url.search,
    header: (name) => request.headers.get(name),
    readBody: () => readBody(request, path),
    signal: request.signal,
  };
}

/** The core's response as a fetch Response. */
export function toFetchResponse(response: ApiResponse): Response {
  // Bytes may be shared with later answers (cached JSON): safe, as the Response constructor copies them.
  return new Response(response.body, { status: response.status, headers: response.headers });
}
