// The canned answer both SDK benches serve to both clients (interleaved.mjs, sdk-vs-openapi-fetch.bench.ts).

/** The agent id of the canned answer. */
export const ID = '7d0c3b1e-0000-4000-8000-000000000001';
/** A base URL nothing listens on: the fetch never leaves the process. */
export const BASE = 'http://127.0.0.1:4010';

const body = JSON.stringify({
  data: { id: ID, name: 'Support', status: 'active', created_at: '2026-11-20T10:00:00.000Z' },
});
const headers = {
  'content-type': 'application/json',
  'x-request-id': 'b7f1c1de-0000-4000-8000-000000000000',
  'x-ratelimit-limit': '100',
  'x-ratelimit-remaining': '99',
  'x-ratelimit-reset': '1795000000',
};

/** A fetch that answers every request with the same agent, with rate-limit headers. */
export const canned = async () => new Response(body, { status: 200, headers });
