import { type ErrorDetail, fieldDetail, invalidField } from '../errors.js';
import type { ApiRequest } from './api-request.js';
import { duplicateKey } from './duplicate-key.js';
import { illFormedString } from './ill-formed-string.js';
import { headerValueCount } from './repeated-header.js';

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
  return parseJsonText(jsonBodyText(bytes, request));
}

/**
 * A non-empty request body's text, decoded once for JSON.parse and `jsonTextIssues` alike: 400
 * naming `body` when it is not sent as `Content-Type: application/json` (UTF-8, the only charset of
 * JSON), is compressed, or is not UTF-8.
 */
export function jsonBodyText(bytes: Uint8Array, request: Pick<ApiRequest, 'header'>): string {
  const contentType = request.header('content-type') ?? '';
  // Sent twice, it arrives joined with a comma (HTTP's rule): said so, not "must be JSON" to a
  // client that did send application/json, once of the two.
  const types = headerValueCount(contentType);
  if (types > 1) {
    throw invalidField(
      'body',
      'contentType',
      `must be sent with one Content-Type, not ${types} (${contentType}); send application/json once`,
    );
  }
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
  // A coding besides chunked (`Transfer-Encoding: gzip, chunked`): node:http takes the chunks off,
  // not the compression, and the bytes read as no UTF-8.
  const transfer = request.header('transfer-encoding');
  if (transfer?.split(',').some((coding) => !/^\s*(chunked|identity)?\s*$/i.test(coding))) {
    throw invalidField(
      'body',
      'contentEncoding',
      `must be sent uncompressed, not with Transfer-Encoding: ${transfer}`,
    );
  }
  try {
    return decoder.decode(bytes);
  } catch {
    throw invalidField('body', 'encoding', 'must be valid UTF-8');
  }
}

/** A body's text (`jsonBodyText`) as JSON: 400 naming `body`, rule `json`, when it is not valid JSON. */
export function parseJsonText(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    throw invalidField('body', 'json', `must be valid JSON (${(error as Error).message})`);
  }
}

/**
 * What JSON.parse let through in a body's `text` (`jsonBodyText`), parsed as `value`: a key twice in one object
 * (rule `single`, as a query parameter given twice; JSON.parse keeps the last value and drops the
 * others) and a string escaping half a surrogate pair (rule `encoding`: stored, `"\ud800"` is answered
 * as it came, which strict JSON readers refuse, serde_json among them). Not asked of the control API,
 * whose state import (up to 256 MiB) would pay a second pass.
 */
export function jsonTextIssues(text: string, value: unknown): ErrorDetail[] {
  if (typeof value !== 'object' || value === null) return [];
  const issues: ErrorDetail[] = [];
  const twice = duplicateKey(text);
  if (twice !== undefined) issues.push(fieldDetail(twice, 'single', 'must be given once'));
  const lone = illFormedString(text, value);
  if (lone !== undefined) {
    const message = `must be Unicode text (${lone.unit} is half of a surrogate pair)`;
    issues.push(fieldDetail(lone.field, 'encoding', message));
  }
  return issues;
}
