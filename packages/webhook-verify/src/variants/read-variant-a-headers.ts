import { parseTimestamp } from '../parse-timestamp.js';
import type { WebhookHeaders } from '../read-header.js';
import { requireHeader } from '../require-header.js';
import { variantAHeaders } from './variant-a.js';

/** What Variant A's headers carry besides the signature. */
export interface VariantAHeaders {
  /** What is signed before the body: the timestamp header's text as is, and a dot. */
  signedPrefix: string;
  /** The timestamp header's Unix seconds. */
  signedAt: number;
  /** The X-Webhook-ID header's value. */
  idHeader: string;
}

/** Reads and checks Variant A's timestamp and ID headers (the signature is read as in B). */
export function readVariantAHeaders(headers: WebhookHeaders): VariantAHeaders {
  const timestampText = requireHeader(headers, variantAHeaders.timestamp, 'malformed_timestamp');
  const timestamp = parseTimestamp(timestampText, variantAHeaders.timestamp);
  // Not covered by the signature: it is only compared with the signed body later.
  const webhookId = requireHeader(headers, variantAHeaders.id, 'invalid_body');
  return { signedPrefix: `${timestampText}.`, signedAt: timestamp, idHeader: webhookId };
}
