import { afterEach, describe, expect, it, vi } from 'vitest';
import { signWebhook } from '../sign-webhook.js';
import { verifyWebhook } from '../verify-webhook.js';

// The API: WebCrypto, "with the CryptoKey cached per secret". Importing a key costs about
// as much as the HMAC of a small body; the bench shows the gain, these tests that the cache exists.
let count = 0;
/** A secret no other test has used, so its key is not in the module's cache yet. */
const freshSecret = () => `whsec_cache_${++count}`;

const rawBody = JSON.stringify({
  event_id: 'e-cache',
  event: 'contact.created',
  timestamp: '2026-01-01T00:00:00.000Z',
  webhook_id: 'w-cache',
  data: { id: 'c1' },
});

/** A Variant B delivery signed with `signWith`, verified with `secret`. */
async function verifyB(secret: string | string[], signWith: string) {
  const headers = await signWebhook({ variant: 'B', secret: signWith, rawBody });
  return verifyWebhook({ variant: 'B', rawBody, headers: { ...headers }, secret });
}

/** The secrets whose raw bytes were imported as keys, in order. */
function spyOnImports(): string[] {
  const imported: string[] = [];
  const importKey = crypto.subtle.importKey.bind(crypto.subtle);
  vi.spyOn(crypto.subtle, 'importKey').mockImplementation(((
    ...args: Parameters<typeof importKey>
  ) => {
    imported.push(new TextDecoder().decode(args[1] as Uint8Array));
    return importKey(...args);
  }) as typeof importKey);
  return imported;
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('the CryptoKey cache', () => {
  it('imports a secret once, however many deliveries it verifies or signs', async () => {
    const imported = spyOnImports();
    const secret = freshSecret();
    for (let i = 0; i < 3; i++) {
      await expect(verifyB(secret, secret)).resolves.toMatchObject({ event_id: 'e-cache' });
    }
    expect(imported).toEqual([secret]);
  });

  it('keeps one key per secret: a rotation imports each once, and neither key verifies for the other', async () => {
    const imported = spyOnImports();
    const [next, previous] = [freshSecret(), freshSecret()];
    await expect(verifyB([next, previous], previous)).resolves.toMatchObject({ variant: 'B' });
    await expect(verifyB([next, previous], next)).resolves.toMatchObject({ variant: 'B' });
    await expect(verifyB(next, previous)).rejects.toMatchObject({ code: 'signature_mismatch' });
    await expect(verifyB(previous, next)).rejects.toMatchObject({ code: 'signature_mismatch' });
    expect(imported.sort()).toEqual([next, previous].sort());
  });

  it('shares one import between calls made before it resolves', async () => {
    const signer = freshSecret();
    const headers = { ...(await signWebhook({ variant: 'B', secret: signer, rawBody })) };
    const imported = spyOnImports();
    const secret = freshSecret();
    const outcomes = await Promise.allSettled(
      [1, 2, 3].map(() => verifyWebhook({ variant: 'B', rawBody, headers, secret })),
    );
    expect(outcomes.map((o) => o.status)).toEqual(['rejected', 'rejected', 'rejected']);
    expect(imported).toEqual([secret]);
  });

  it('is bounded: a secret unused while 256 others were imported is imported again', async () => {
    const imported = spyOnImports();
    const first = freshSecret();
    await verifyB(first, first);
    for (let i = 0; i < 256; i++) {
      const secret = freshSecret();
      await signWebhook({ variant: 'B', secret, rawBody });
    }
    imported.length = 0;
    await verifyB(first, first);
    expect(imported).toEqual([first]);
  });
});

describe('the comparison', () => {
  it('is WebCrypto’s constant-time verify of the 32 decoded bytes: no HMAC is computed to be compared by hand', async () => {
    const secret = freshSecret();
    const headers = { ...(await signWebhook({ variant: 'B', secret, rawBody })) };
    const verify = vi.spyOn(crypto.subtle, 'verify');
    const sign = vi.spyOn(crypto.subtle, 'sign');
    await verifyWebhook({ variant: 'B', rawBody, headers, secret });
    await expect(
      verifyWebhook({ variant: 'B', rawBody, headers, secret: [freshSecret(), freshSecret()] }),
    ).rejects.toMatchObject({ code: 'signature_mismatch' });
    expect(sign).not.toHaveBeenCalled();
    // One call per secret tried, each given the signature header's 32 bytes.
    expect(verify).toHaveBeenCalledTimes(3);
    const expected = Uint8Array.from(
      headers['X-Service-Signature'].slice(7).match(/../g) ?? [],
      (hex) => Number.parseInt(hex, 16),
    );
    for (const [, , signature] of verify.mock.calls) {
      expect(new Uint8Array(signature as Uint8Array)).toEqual(expected);
    }
  });
});
