import { http, type RequestHandler } from 'msw';

/**
 * MSW request handlers that answer every request under the mock's `baseUrl` `/v1` and `/__mock`.
 * @example
 * import { mswHandlers } from '@agent-platform/mock-server/msw';
 * const server = setupServer(...mswHandlers(mock));
 */
export function mswHandlers(mock: {
  readonly baseUrl: string;
  handle(request: Request): Promise<Response>;
}): RequestHandler[] {
  // A client that aborted has had its fetch rejected by MSW already: `handle`'s AbortError is no
  // handler failure for MSW to report, and the network error answered instead reaches nobody.
  const resolve = ({ request }: { request: Request }) =>
    mock.handle(request).catch((error: unknown) => {
      if (request.signal.aborted) return Response.error();
      throw error;
    });
  return [http.all(`${mock.baseUrl}/v1/*`, resolve), http.all(`${mock.baseUrl}/__mock/*`, resolve)];
}
