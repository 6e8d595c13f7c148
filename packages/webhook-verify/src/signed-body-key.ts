/** Where a verified event keeps its signed body, for `webhookDedupeKey` (JSON.stringify skips symbols). */
export const signedBodyKey = Symbol.for('@agent-platform/webhook-verify/signedBody');
