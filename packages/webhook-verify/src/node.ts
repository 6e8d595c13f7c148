export * from './index.js';
export { signWebhookSync } from './sign-webhook-sync.js';
export { verifyWebhookSync } from './verify-webhook-sync.js';
