import { type ReceiverOptions, receive } from './receive.js';

/**
 * Recipe: a plain fetch `Request` (Deno, Bun, Cloudflare Workers, Next.js route handlers:
 * `export const POST = requestReceiver({...})` in app/webhooks/route.ts).
 */
export function requestReceiver(options: ReceiverOptions): (request: Request) => Promise<Response> {
  return async (request) => {
    const rawBody = new Uint8Array(await request.arrayBuffer()); // never request.json()
    const { status, body } = await receive(options, rawBody, request.headers);
    return new Response(body, { status });
  };
}
