// The /node entry of the built @agent-platform/webhook-verify, on node:crypto:
// webhook-verify-node.ts runs it on Deno and Bun, worker.ts on workerd (with Node.js compatibility).
// Bun implements node:crypto; so do Deno and workerd (createHmac, createSecretKey and
// timingSafeEqual, which /node uses, checked on Deno 2.9 and workerd 1.20261023).
import { signWebhookSync, verifyWebhookSync } from '@agent-platform/webhook-verify/node';
import {
  bodyOf,
  headersOf,
  receivedAt,
  vector,
  vectorOutcomes,
  vectorSignatures,
} from './vector-cases.ts';

/** The package entry these results come from, as imported. */
export const entries = ['@agent-platform/webhook-verify/node'];

/** The results the test checks. */
export async function results(): Promise<Record<string, unknown>> {
  const ascii = vector('A: ascii conversation.created');

  // The same cases as the core entry's; a Promise from verifyWebhookSync would be a bug.
  const outcomes = await vectorOutcomes(async (options) => {
    const event = verifyWebhookSync(options);
    if (typeof (event as { then?: unknown }).then === 'function') {
      throw new Error('verifyWebhookSync returned a Promise');
    }
    return event;
  });

  const signatures = await vectorSignatures(signWebhookSync);

  // One digit off: thrown at once (no Promise), with the code.
  const lastDigit = ascii.signature.endsWith('0') ? '1' : '0';
  let wrongSignature: unknown = 'verified';
  try {
    verifyWebhookSync({
      variant: 'A',
      rawBody: bodyOf(ascii),
      headers: headersOf(ascii, ascii.signature.slice(0, -1) + lastDigit),
      secret: ascii.secret,
      now: receivedAt(ascii),
    });
  } catch (error) {
    wrongSignature = { code: (error as { code?: unknown }).code };
  }

  return { outcomes, signatures, wrongSignature };
}
