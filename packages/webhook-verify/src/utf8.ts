/** Shared UTF-8 encoder. */
export const utf8Encoder = /* @__PURE__ */ new TextEncoder();

// Non-fatal, like fetch's `Response.json()`: bytes reach the decoder only once authenticated, and
// a sender's invalid UTF-8 inside a string value becomes U+FFFD rather than a lost delivery.
/** Shared UTF-8 decoder (invalid sequences become U+FFFD; a BOM is dropped). */
export const utf8Decoder = /* @__PURE__ */ new TextDecoder();

const BOM = /^\uFEFF/;

/** A body as text for JSON.parse: bytes decoded, and a byte-order mark dropped as the decoder drops it. */
export function bodyText(body: string | Uint8Array): string {
  return typeof body === 'string' ? body.replace(BOM, '') : utf8Decoder.decode(body);
}

/** Lower-case hex of some bytes. */
export function toHex(bytes: Uint8Array): string {
  let hex = '';
  for (const byte of bytes) hex += byte.toString(16).padStart(2, '0');
  return hex;
}
