/** The TypeError for a mistake in the call itself: a bug to fix, thrown at once, not a delivery to reject. */
export function usageError(message: string): TypeError {
  return new TypeError(`webhook-verify: ${message}`);
}
