export type { Clock } from './clock.js';
export { createManualClock, createRealClock } from './clock.js';
export type {
  CreateApiKeyOptions,
  CreatedApiKey,
  InboundMessage,
  ResetOptions,
} from './control/controller.js';
export type {
  WebhookAttemptsFilter,
  WebhookRecordsFilter,
} from './control/webhook-records-filter.js';
export type { MockServer } from './create-mock-server.js';
export { createMockServer } from './create-mock-server.js';
export type { Responder, ResponderInput } from './domain/responder.js';
export type { ErrorCode, ErrorDetail } from './errors.js';
export { isMockApiError, MockApiError } from './errors.js';
export type {
  DelayFaultSpec,
  DropFaultSpec,
  FaultDrop,
  FaultSpec,
  FaultsFilter,
  PendingFault,
  StatusFaultSpec,
} from './faults.js';
export type { OperationId, OperationInfo } from './generated/operations.js';
export { operations, scopeVocabulary } from './generated/operations.js';
export type { IdGenerator, IdsOption } from './ids.js';
export type {
  ClearRequestsQuery,
  JournalEntry,
  JournalError,
  RequestsQuery,
} from './journal.js';
export type { MockServerOptions } from './options.js';
export { DEFAULT_BASE_URL } from './options.js';
export type { AnsweredRequest, RequestListener } from './request-log.js';
export { DEMO_API_KEY, DEMO_IDS } from './seed/demo-ids.js';
export type { StateSnapshot } from './store/state.js';
export type { ListenOptions, RunningServer } from './transports/node-server.js';
export type { EndedWebhookAttempt, WebhookAttemptListener } from './webhooks/ended-attempt.js';
export type { DomainEvent, EventListener } from './webhooks/event-bus.js';
