import { isUtf8 } from 'node:buffer';
import { caseKey, type Outcome, vectors } from './scripts/vector-cases.js';

/**
 * What verifying each vector must give, by `caseKey`, worked out in Node from the fixture alone:
 * its `expect`, and for a valid one the envelope decoded as fetch's `Response.json()` does.
 */
export function expectedOutcomes(): Record<string, Outcome> {
  const expected: Record<string, Outcome> = {};
  for (const v of vectors) {
    const bytes = Buffer.from(v.bodyHex, 'hex');
    let outcome: Outcome = { ok: false, code: v.expect };
    if (v.expect === 'ok') {
      const { event, data } = JSON.parse(new TextDecoder().decode(bytes)) as {
        event: string;
        data: unknown;
      };
      outcome = { ok: true, variant: v.variant, event, data };
    }
    const bodyTypes = isUtf8(bytes)
      ? ['Uint8Array', 'ArrayBuffer', 'string']
      : ['Uint8Array', 'ArrayBuffer'];
    for (const body of bodyTypes) {
      for (const headers of ['Headers', 'record']) {
        expected[caseKey(v.name, body, headers)] = outcome;
      }
    }
  }
  return expected;
}

/** The signature openssl computed for each vector, by name. */
export function expectedSignatures(): Record<string, string> {
  return Object.fromEntries(vectors.map((v) => [v.name, v.signature]));
}
