import { AgentPlatformError } from './errors.js';

/**
 * Fills each `{name}` of the path with its parameter, percent-encoded, and refuses a parameter
 * that would change the path. Every path parameter of the API is a string, so this replaces
 * openapi-fetch's serializer, which writes an object as `key,value` pairs, unencoded
 * (`{ "x/../../webhooks/wh_1?": "" }` sent DELETE /v1/webhooks/wh_1?,), `{}` as nothing, and leaves
 * `{id}` in place for undefined or null. encodeURIComponent leaves "", "." and ".." as they are and
 * URL resolution removes them, so `agents.delete('..')` would send DELETE /v1/ and
 * `chats.deleteMessage('..', id)` DELETE /v1/messages/{id}. Any other string is percent-encoded
 * (`%2e%2e` as `%252e%252e`), which resolution leaves alone; one with a lone surrogate cannot be encoded. Names the path does not have are
 * not read (the SDK's calls pass their query and body beside the path parameters).
 */
export function pathSerializer(pathname: string, params: Record<string, unknown>): string {
  return pathname.replace(/\{([^{}]+)\}/g, (_, name: string) => {
    const value = params[name];
    try {
      if (typeof value === 'string' && !/^\.{0,2}$/.test(value)) return encodeURIComponent(value);
    } catch {
      // A lone surrogate (half of an emoji, cut), which encodeURIComponent throws a URIError on.
    }
    throw new AgentPlatformError(`${name}: must be a well-formed string, not "", "." or ".."`);
  });
}
