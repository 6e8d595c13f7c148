// The contract-validation proxy: forwards to a real (or staging) API and reports where requests and
// answers break the spec. An entry of its own, so that the mock's in-process entry and its browser
// builds do not carry the spec's responses.
export type { ErrorDetail } from './errors.js';
export type { OperationId, OperationInfo } from './generated/operations.js';
export type {
  ValidationProxy,
  ValidationProxyOptions,
} from './proxy/create-validation-proxy.js';
export { createValidationProxy, VIOLATIONS_HEADER } from './proxy/create-validation-proxy.js';
export type { ResponseHeaders } from './proxy/validate-response.js';
export { validateResponse } from './proxy/validate-response.js';
export type { Violation } from './proxy/violation-log.js';
export type { ListenOptions, RunningServer } from './transports/node-server.js';
