/**
 * Compares a presented token with the expected one in time that depends only on their lengths,
 * not on where they first differ (runs on every runtime: no node:crypto).
 */
export function sameSecret(given: string | null, expected: string): boolean {
  if (given === null || given.length !== expected.length) return false;
  let diff = 0;
  for (let i = 0; i < expected.length; i++) diff |= given.charCodeAt(i) ^ expected.charCodeAt(i);
  return diff === 0;
}
