// What an upstream answers in the contract proxy's tests: an agent and a page as the spec has them,
// and the headers every answer carries.

/** An agent that conforms to the spec (change one field to break it). */
export const AGENT = {
  id: '0b6f3c1e-4b8f-4a39-9a52-2f1c7a3d5e90',
  name: 'Support',
  description: null,
  avatar_url: null,
  status: 'active',
  model: 'gpt-4o',
  temperature: 0.7,
  instructions: null,
  created_at: '2024-01-01T00:00:00.000Z',
  updated_at: '2024-01-01T00:00:00.000Z',
};

/** The request id every answer of these upstreams carries. */
export const REQUEST_ID = '7f3e0c1e-4b8f-4a39-9a52-2f1c7a3d5e90';

/** The headers the spec requires on every answer: the request id and the rate-limit trio. */
export const ANSWER_HEADERS = {
  'x-request-id': REQUEST_ID,
  'x-ratelimit-limit': '100',
  'x-ratelimit-remaining': '99',
  'x-ratelimit-reset': '1700000000',
};

/** A list answer of one page holding `data`. */
export function page(data: unknown[]) {
  return { data, pagination: { page: 1, limit: 20, total: data.length, total_pages: 1 } };
}
