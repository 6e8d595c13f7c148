import { ApiError } from '../errors.js';
import type { ApiKeyRecord } from '../store/records.js';
import type { State } from '../store/state.js';
import { repeatedHeaderMessage } from './repeated-header.js';

/** The key a request's `x-api-key` header names; 401 when it is missing, unknown or revoked. */
export function authenticate(state: State, header: string | null): ApiKeyRecord {
  if (header === null || header.trim() === '') {
    throw new ApiError(
      401,
      'UNAUTHORIZED',
      'x-api-key: missing API key; send it in the x-api-key header',
    );
  }
  const id = state.keyIndex.get(header.trim());
  const key = id === undefined ? undefined : state.apiKeys.get(id);
  if (!key)
    throw new ApiError(
      401,
      'UNAUTHORIZED',
      repeatedHeaderMessage('x-api-key', header, (part) => state.keyIndex.has(part)) ??
        'x-api-key: unknown API key',
    );
  if (key.revoked_at !== null)
    throw new ApiError(401, 'UNAUTHORIZED', 'x-api-key: the API key was revoked');
  return key;
}
