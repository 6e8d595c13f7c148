import { type OperationInfo, operations } from '../generated/operations.js';
import { type Match, Router } from '../http/router.js';

const router = new Router<OperationInfo>(
  operations.map((op) => ({ method: op.method, path: op.path, target: op })),
);

/** The spec's operation for a method (HEAD as GET) and a normalized path, with its path parameters. */
export function findOperation(method: string, path: string): Match<OperationInfo> {
  return router.match(method === 'HEAD' ? 'GET' : method, path);
}
