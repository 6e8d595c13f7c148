export type { components, operations, paths, webhooks } from './generated/schema.js';
export type { Schemas } from './schemas.js';
