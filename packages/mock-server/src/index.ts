export type { OperationInfo } from './generated/operations.js';
export { operations, scopeVocabulary } from './generated/operations.js';
