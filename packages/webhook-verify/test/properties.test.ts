import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { VerifyWebhookOptions } from '../src/index.js';
import { outcomeBoth } from './support/outcome.js';
import { deliveryOf, vector } from './support/vectors.js';

// Seeded and bounded: the same cases on every run.
const params = { seed: 20_260_101, numRuns: 150 };
const a = deliveryOf(vector('A: emoji in data'));
const b = deliveryOf(vector('B: bytes that are not valid UTF-8'));
const bodyA = a.rawBody as Uint8Array;
const bodyB = b.rawBody as Uint8Array;

/** Any edit of a byte string that changes it: flip bits, insert or delete. */
const editedBytes = (body: Uint8Array) =>
  fc.oneof(
    fc
      .tuple(fc.nat({ max: body.length - 1 }), fc.integer({ min: 1, max: 255 }))
      .map(([i, x]) => body.map((byte, j) => (j === i ? byte ^ x : byte))),
    fc
      .tuple(fc.nat({ max: body.length }), fc.uint8Array({ minLength: 1, maxLength: 8 }))
      .map(([i, bytes]) => Uint8Array.from([...body.slice(0, i), ...bytes, ...body.slice(i)])),
    fc
      .tuple(fc.nat({ max: body.length - 1 }), fc.integer({ min: 1, max: 8 }))
      .map(([i, n]) => Uint8Array.from([...body.slice(0, i), ...body.slice(i + n)])),
  );

/** The signature with one hex digit replaced by a different one (case changes are not changes). */
const editedSignature = (signature: string) =>
  fc
    .tuple(fc.nat({ max: 63 }), fc.constantFrom(...'0123456789abcdef'))
    .filter(([i, digit]) => signature[7 + i]?.toLowerCase() !== digit)
    .map(([i, digit]) => signature.slice(0, 7 + i) + digit + signature.slice(8 + i));

const code = async (options: VerifyWebhookOptions) => {
  const outcome = await outcomeBoth(options);
  return outcome.ok ? 'ok' : outcome.code;
};

describe('properties', () => {
  it('any change to the body fails (A and B)', async () => {
    await fc.assert(
      fc.asyncProperty(editedBytes(bodyA), editedBytes(bodyB), async (editedA, editedB) => {
        expect(await code({ ...a, rawBody: editedA })).toBe('signature_mismatch');
        expect(await code({ ...b, rawBody: editedB })).toBe('signature_mismatch');
      }),
      params,
    );
  });

  it('any change to the timestamp fails (A)', async () => {
    const signed = Number(a.headers['x-webhook-timestamp']);
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 0, max: 9_999_999_999 }).filter((t) => t !== signed),
        async (t) => {
          const now = new Date(t * 1000);
          const headers = { ...a.headers, 'x-webhook-timestamp': String(t) };
          expect(await code({ ...a, headers, now })).toBe('signature_mismatch');
        },
      ),
      params,
    );
  });

  it('any change to a signature digit fails, any change of case does not', async () => {
    const sigA = a.headers['x-webhook-signature'] ?? '';
    const sigB = b.headers['x-service-signature'] ?? '';
    await fc.assert(
      fc.asyncProperty(
        editedSignature(sigA),
        editedSignature(sigB),
        fc.array(fc.boolean(), { minLength: 71, maxLength: 71 }),
        async (editedA, editedB, upper) => {
          const headersA = { ...a.headers, 'x-webhook-signature': editedA };
          const headersB = { ...b.headers, 'x-service-signature': editedB };
          expect(await code({ ...a, headers: headersA })).toBe('signature_mismatch');
          expect(await code({ ...b, headers: headersB })).toBe('signature_mismatch');
          const recased = [...sigB].map((c, i) => (upper[i] ? c.toUpperCase() : c)).join('');
          expect(
            await code({ ...b, headers: { ...b.headers, 'x-service-signature': recased } }),
          ).toBe('ok');
        },
      ),
      params,
    );
  });

  it('sync and async agree on arbitrary deliveries', async () => {
    const headerValue = fc.oneof(
      fc.constant(undefined),
      fc.string({ maxLength: 80 }),
      fc.stringMatching(/^sha256=[0-9a-fA-F]{60,66}$/),
      fc.constant(a.headers['x-webhook-signature']),
      fc.array(fc.string({ maxLength: 10 }), { maxLength: 2 }),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('A', 'B', 'auto'),
        fc.oneof(
          fc.uint8Array({ maxLength: 64 }),
          fc.string({ maxLength: 64 }),
          fc.constant(bodyA),
        ),
        headerValue,
        headerValue,
        fc.oneof(fc.constant(a.headers['x-webhook-timestamp']), fc.string({ maxLength: 12 })),
        async (variant, rawBody, sigA, sigB, ts) => {
          // outcomeBoth throws when the two paths disagree.
          await outcomeBoth({
            variant: variant as 'A' | 'B' | 'auto',
            rawBody,
            headers: {
              'x-webhook-signature': sigA,
              'x-service-signature': sigB,
              'x-webhook-timestamp': ts,
              'x-webhook-id': a.headers['x-webhook-id'],
            },
            secret: a.secret,
            now: a.now as Date,
          });
        },
      ),
      params,
    );
  });
});
