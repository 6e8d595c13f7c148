import { type ReceiverOptions, receiver } from './receive.js';

/**
 * Recipe: a Next.js route handler (app/webhooks/route.ts, its POST) and any plain fetch `Request`
 * (Deno, Bun, Cloudflare Workers).
 */
export function requestReceiver(options: ReceiverOptions): (request: Request) => Promise<Response> {
  const receive = receiver(options);
  // README:start request
  // README: export async function POST(request: Request): Promise<Response> {
  async function POST(request: Request): Promise<Response> {
    const rawBody = new Uint8Array(await request.arrayBuffer()); // never request.json()
    const { status, body } = await receive(rawBody, request.headers);
    return new Response(body, { status });
  }
  // README:end request
  return POST;
}
