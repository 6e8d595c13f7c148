import type { ApiRequest, ApiResponse } from '../http/api-request.js';
import { readBody } from '../http/read-body.js';

/** A fetch Request as the core reads it. */
export function fromFetchRequest(request: Request): ApiRequest {
  const url = new URL(request.url);
  return {
    method: request.method,
    path: url.pathname,
    search: url.search,
    header: (name) => request.headers.get(name),
    readBody: () => readBody(request),
  };
}

/** The core's response as a fetch Response. */
export function toFetchResponse(response: ApiResponse): Response {
  // Bytes may be shared with later answers (cached JSON): safe, as the Response constructor copies them.
  return new Response(response.body, { status: response.status, headers: response.headers });
}
