import { invalidField } from '../errors.js';
import type { ApiRequest } from './api-request.js';
import { duplicateKey } from './duplicate-key.js';
import { illFormedString } from './ill-formed-string.js';

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
 * or is not valid JSON. `strict` (the API's bodies) also refuses a key twice in one object (rule
 * `single`, as a query parameter given twice) and a string escaping half a surrogate pair (rule
 * `encoding`), naming the field. The request's headers say how it was sent.
 */
export function parseJsonBody(
  bytes: Uint8Array,
  request: Pick<ApiRequest, 'header'>,
  { strict = false }: { strict?: boolean } = {},
): unknown {
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
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw invalidField('body', 'json', `must be valid JSON (${(error as Error).message})`);
  }
  // JSON.parse keeps a repeated key's last value and drops the others: the client meant one of them.
  // Not asked of the control API, whose state import (up to 256 MiB) would pay a second pass.
  const twice =
    strict && typeof value === 'object' && value !== null ? duplicateKey(text) : undefined;
  if (twice !== undefined) throw invalidField(twice, 'single', 'must be given once');
  // Stored, "\ud800" is answered as it came, which strict JSON readers refuse (serde_json among them).
  const lone = strict ? illFormedString(text, value) : undefined;
  if (lone !== undefined) {
    throw invalidField(
      lone.field,
      'encoding',
      `must be Unicode text (${lone.unit} is half of a surrogate pair)`,
    );
  }
  return value;
}
