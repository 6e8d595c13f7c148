export type { ClaimResult, DedupeId, Deduper, DeduperOptions } from './dedupe/create-deduper.js';
export { createDeduper } from './dedupe/create-deduper.js';
export type { MemoryStoreOptions } from './dedupe/create-memory-store.js';
export { createMemoryStore } from './dedupe/create-memory-store.js';
export type { DedupeStore } from './dedupe/dedupe-store.js';
export { webhookDedupeKey } from './dedupe/webhook-dedupe-key.js';
