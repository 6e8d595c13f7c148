import { defaultPathSerializer } from 'openapi-fetch';
import { AgentPlatformError } from './errors.js';

/**
 * openapi-fetch's path serializer, refusing a parameter that would change the path: encodeURIComponent
 * leaves "", "." and ".." as they are and URL resolution removes them, so `agents.delete('..')`
 * would send DELETE /v1/ and `chats.deleteMessage('..', id)` DELETE /v1/messages/{id}. Any other
 * value is percent-encoded (`%2e%2e` as `%252e%252e`), which resolution leaves alone.
 */
export function pathSerializer(pathname: string, params: Record<string, unknown>): string {
  for (const name in params) {
    // Coerced to a string as the serializer does: an empty array is "" too.
    if (/^\.{0,2}$/.test(params[name] as string)) {
      throw new AgentPlatformError(`${name}: must not be "", "." or ".."`);
    }
  }
  return defaultPathSerializer(pathname, params);
}
