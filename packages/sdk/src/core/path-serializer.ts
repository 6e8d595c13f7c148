import { defaultPathSerializer } from 'openapi-fetch';
import { AgentPlatformError } from './errors.js';

/**
 * openapi-fetch's path serializer, refusing a parameter that would change the path. Every path
 * parameter of the API is a string; openapi-fetch writes an object as `key,value` pairs, unencoded
 * (`{ "x/../../webhooks/wh_1?": "" }` sent DELETE /v1/webhooks/wh_1?,), `{}` as nothing, and leaves
 * `{id}` in place for undefined or null. encodeURIComponent leaves "", "." and ".." as they are and
 * URL resolution removes them, so `agents.delete('..')` would send DELETE /v1/ and
 * `chats.deleteMessage('..', id)` DELETE /v1/messages/{id}. Any other string is percent-encoded
 * (`%2e%2e` as `%252e%252e`), which resolution leaves alone.
 */
export function pathSerializer(pathname: string, params: Record<string, unknown>): string {
  for (const name in params) {
    const value = params[name];
    if (typeof value !== 'string' || /^\.{0,2}$/.test(value)) {
      throw new AgentPlatformError(`${name}: must be a string, not "", "." or ".."`);
    }
  }
  return defaultPathSerializer(pathname, params);
}
