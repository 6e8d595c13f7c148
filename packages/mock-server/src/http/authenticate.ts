import { ApiError } from '../errors.js';
import { DEMO_API_KEY, DEMO_IDS } from '../seed/demo-ids.js';
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
  const key = presentedKey(state, header);
  if (!key)
    throw new ApiError(
      401,
      'UNAUTHORIZED',
      repeatedHeaderMessage('x-api-key', header, (part) => state.keyIndex.has(part)) ??
        (header.trim() === DEMO_API_KEY && !state.workspaces.has(DEMO_IDS.workspace)
          ? DEMO_KEY_GONE
          : 'x-api-key: unknown API key'),
    );
  if (key.revoked_at !== null)
    throw new ApiError(401, 'UNAUTHORIZED', 'x-api-key: the API key was revoked');
  return key;
}

/**
 * The id of the key a request's `x-api-key` header names when it would pass authentication (known,
 * not revoked), else null. Nothing is counted or recorded: key-scoped faults match on it.
 */
export function authenticatedKeyId(state: State, header: string | null): string | null {
  const key = header === null ? undefined : presentedKey(state, header);
  return key && key.revoked_at === null ? key.id : null;
}

function presentedKey(state: State, header: string): ApiKeyRecord | undefined {
  const id = state.keyIndex.get(header.trim());
  return id === undefined ? undefined : state.apiKeys.get(id);
}

// The demo key where the state has no demo workspace: a suite that reset without {"seed": "demo"}
// went on with the key it had used all along and read only "unknown API key". Only then: a state
// that has the demo workspace without its key (a seed file made from it) is not told it has none.
const DEMO_KEY_GONE = `x-api-key: unknown API key: ${DEMO_API_KEY} is the demo seed's key, and this state has no demo workspace (POST /__mock/reset empties it unless sent {"seed": "demo"}; so do --seed none and a --seed FILE without it)`;
