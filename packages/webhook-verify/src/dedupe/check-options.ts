/** Throws verifyWebhook's TypeError unless `options` is an object (from JavaScript: undefined, null, a string). */
export function checkOptions(options: unknown): void {
  if (typeof options !== 'object' || !options) {
    throw new TypeError('webhook-verify: options must be an object');
  }
}
