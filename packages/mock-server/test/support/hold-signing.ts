import { vi } from 'vitest';

/**
 * Holds every WebCrypto signing until `release()` (as a loaded machine would); `spy.mockRestore()`
 * ends it.
 */
export function holdSigning() {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  const sign = crypto.subtle.sign.bind(crypto.subtle);
  const spy = vi
    .spyOn(crypto.subtle, 'sign')
    .mockImplementation(async (...args: Parameters<typeof sign>) => {
      await held;
      return sign(...args);
    });
  return { release, spy };
}
