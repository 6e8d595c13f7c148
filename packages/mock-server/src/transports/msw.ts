import { http, type RequestHandler } from 'msw';

/** The MSW handlers of a mock server. */
export type MswHandlers = RequestHandler[];

/** MSW handlers that answer every request under `baseUrl`'s `/v1` and `/__mock` with the mock. */
export function createMswHandlers(
  baseUrl: string,
  handle: (request: Request) => Promise<Response>,
): MswHandlers {
  const resolve = ({ request }: { request: Request }) => handle(request);
  return [http.all(`${baseUrl}/v1/*`, resolve), http.all(`${baseUrl}/__mock/*`, resolve)];
}
