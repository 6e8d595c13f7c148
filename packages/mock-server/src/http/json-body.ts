import { invalidField } from '../errors.js';

const decoder = new TextDecoder('utf-8', { fatal: true });

/**
 * A non-empty request body as JSON: 400 naming `body` when it is not sent as
 * `Content-Type: application/json`, is not UTF-8, or is not valid JSON.
 */
export function parseJsonBody(bytes: Uint8Array, contentType: string | null): unknown {
  if (!/^application\/json\s*(;|$)/i.test(contentType ?? '')) {
    throw invalidField(
      'body',
      'contentType',
      'must be JSON, sent with Content-Type: application/json',
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
