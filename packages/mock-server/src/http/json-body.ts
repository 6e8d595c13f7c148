import { invalidField } from '../errors.js';
import type { ApiRequest } from './api-request.js';

const decoder = new TextDecoder('utf-8', { fatal: true });

const UTF8_LABELS = new Set([
  'utf-8',
  'utf8',
  'unicode-1-1-utf-8',
  'unicode11utf8',
  'unicode20utf8',
  'x-unicode20utf8',
  'us-ascii',
]);
const CHARSET = /;\s*charset\s*=\s*"?([^";\s]*)/i;

/**
 * A non-empty request body as JSON: 400 naming `body` when it is not sent as
 * `Content-Type: application/json` (UTF-8, the only charset of JSON), is compressed, is not UTF-8,
 * or is not valid JSON. The request's headers say how it was sent.
 */
export function parseJsonBody(bytes: Uint8Array, request: Pick<ApiRequest, 'header'>): unknown {
  const contentType = request.header('content-type') ?? '';
  if (!/^application\/json\s*(;|$)/i.test(contentType)) {
    throw invalidField(
      'body',
      'contentType',
      'must be JSON, sent with Content-Type: application/json',
    );
  }
  const charset = CHARSET.exec(contentType)?.[1];
  // UTF-8 by its labels (WHATWG Encoding), and US-ASCII, a subset of it.
  if (charset !== undefined && !UTF8_LABELS.has(charset.toLowerCase())) {
    throw invalidField('body', 'contentType', `must be UTF-8 JSON, not charset=${charset}`);
  }
  const encoding = request.header('content-encoding');
  if (encoding !== null && encoding.trim().toLowerCase() !== 'identity') {
    throw invalidField(
      'body',
      'contentEncoding',
      `must be sent uncompressed, not with Content-Encoding: ${encoding}`,
    );
  }
  let text: string;
  try {
    text = decoder.decode(bytes);
  } catch {
    throw invalidField('body', 'encoding', 'must be valid UTF-8');
  }
  try {
    return JSON.parse(text);
  } catch (error) {
    throw invalidField('body', 'json', `must be valid JSON (${(error as Error).message})`);
  }
}
