// The control API over HTTP, and the demo seed's key and ids, with no Node import and nothing of
// the server: browsers, Deno and workers load it, and a bundle that uses it does not carry the mock.
export type { ConnectMockOptions } from './client/connect-mock.js';
export { connectMock } from './client/connect-mock.js';
export type { FetchFunction } from './client/control-call.js';
export type { MockClient, MockClockInfo } from './client/mock-client.js';
export type { CreateApiKeyOptions, CreatedApiKey, ResetOptions } from './control/controller.js';
export type {
  WebhookAttemptsFilter,
  WebhookRecordsFilter,
} from './control/webhook-records-filter.js';
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
export type { OperationId } from './generated/operations.js';
export type {
  ClearRequestsQuery,
  JournalEntry,
  JournalError,
  RequestsQuery,
} from './journal.js';
export { DEMO_API_KEY, DEMO_IDS } from './seed/demo-ids.js';
export type { StateSnapshot } from './store/state.js';
