export type { ValidateWebhookDataOptions } from './zod/validate-webhook-data.js';
export { validateWebhookData, webhookDataSchema } from './zod/validate-webhook-data.js';
