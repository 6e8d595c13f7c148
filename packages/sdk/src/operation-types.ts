import type { operations } from './generated/schema.js';

/** Every operationId of the spec (`agentsList`, `chatsStartHuman`, ...). */
export type OperationId = keyof operations;

type JsonContent<R> = R extends { content: { 'application/json': infer B } } ? B : never;
type Responses<K extends OperationId> = operations[K]['responses'];

/** The JSON request body of an operation. */
export type RequestBody<K extends OperationId> = operations[K] extends {
  /** The operation's request body, when it takes one. */
  requestBody?: infer R;
}
  ? JsonContent<NonNullable<R>>
  : never;

/** The query parameters of an operation. */
export type QueryParams<K extends OperationId> = NonNullable<operations[K]['parameters']['query']>;

/** The JSON body of an operation's success response. */
export type ResponseBody<K extends OperationId> =
  Responses<K> extends {
    /** The success response of an operation that answers 200 (reads, updates, actions). */
    200: infer R;
  }
    ? JsonContent<R>
    : Responses<K> extends {
          /** The success response of one that answers 201 (the creates, `chatsSendMessage`). */
          201: infer R;
        }
      ? JsonContent<R>
      : undefined;

/** What a method resolves to: the `data` of the success response. */
export type ResponseData<K extends OperationId> =
  ResponseBody<K> extends {
    /** What the body holds under `data`: the resource, or a list page's items. */
    data: infer D;
  }
    ? D
    : undefined;

/** One item of a list operation. */
export type ListItem<K extends OperationId> = ResponseData<K> extends (infer I)[] ? I : never;
