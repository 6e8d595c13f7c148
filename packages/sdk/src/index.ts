export { AgentPlatform, type ClientOptions } from './client.js';
export { APIPromise, type WithResponse } from './core/api-promise.js';
export { type Clock, systemClock } from './core/clock.js';
export {
  isAgentPlatformError,
  isAPIConnectionError,
  isAPIError,
  isAPITimeoutError,
  isAPIUserAbortError,
  isAuthenticationError,
  isConflictError,
  isInternalServerError,
  isNotFoundError,
  isPayloadTooLargeError,
  isPermissionDeniedError,
  isRateLimitError,
  isServiceUnavailableError,
  isValidationError,
} from './core/error-guards.js';
export {
  AgentPlatformError,
  APIConnectionError,
  APIError,
  APITimeoutError,
  APIUserAbortError,
  AuthenticationError,
  ConflictError,
  type ErrorCode,
  type ErrorDetail,
  InternalServerError,
  NotFoundError,
  PayloadTooLargeError,
  PermissionDeniedError,
  RateLimitError,
  ServiceUnavailableError,
  ValidationError,
} from './core/errors.js';
export type { Logger, LogLevel } from './core/logger.js';
export { type IterationLimits, Page, PagePromise, type Pagination } from './core/pagination.js';
export type { RateLimitInfo } from './core/rate-limit.js';
export type { ListOptions, RequestOptions } from './core/request-options.js';
export type { FetchLike } from './core/send-with-retry.js';
export type { components, operations, paths, webhooks } from './generated/schema.js';
export type * from './generated/schema-types.js';
export type {
  ListItem,
  OperationId,
  QueryParams,
  RequestBody,
  ResponseBody,
  ResponseData,
} from './operation-types.js';
export type { Agents } from './resources/agents.js';
export type { Appointments } from './resources/appointments.js';
export type { Channels } from './resources/channels.js';
export type { Chats } from './resources/chats.js';
export type { Contacts } from './resources/contacts.js';
export type { Conversations } from './resources/conversations.js';
export type { CustomFields } from './resources/custom-fields.js';
export type { McpServers } from './resources/mcp-servers.js';
export type { Messages } from './resources/messages.js';
export type { Trainings } from './resources/trainings.js';
export type { Webhooks } from './resources/webhooks.js';
export type { Schemas } from './schemas.js';
