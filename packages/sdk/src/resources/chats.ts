import type { APIPromise } from '../core/api-promise.js';
import type { ConflictError, NotFoundError } from '../core/errors.js'; // The doc comments' {@link}s
import type { PagePromise } from '../core/pagination.js';
import type { ListOptions, RequestOptions } from '../core/request-options.js';
import type { ListItem, QueryParams, RequestBody, ResponseData } from '../operation-types.js';
import { APIResource } from './api-resource.js';

/** `/v1/chats`: active chats and the human handoff (open -> human -> open). */
// biome-ignore lint/suspicious/noUnsafeDeclarationMerging: `retrieve` is APIResource's, declared in the interface below
export class Chats extends APIResource<'/v1/chats'> {
  /**
   * Lists chats.
   *
   * `GET /v1/chats`. Scope `conversations:read` in Variant A, `chats:manage` in Variant B.
   */
  list(
    query?: QueryParams<'chatsList'>,
    options?: ListOptions,
  ): PagePromise<ListItem<'chatsList'>> {
    return this._client._list(this._path, undefined, options, query);
  }

  /**
   * A human takes over: the AI stops answering.
   *
   * `POST /v1/chats/{id}/start-human`. Scope `chats:write` in Variant A, `chats:manage` in Variant
   * B.
   *
   * @throws 404 {@link NotFoundError} when the chat (`id`) does not exist.
   * @throws 409 {@link ConflictError} when the chat is not `open` (start-human needs `open`).
   */
  startHuman(
    id: string,
    body?: RequestBody<'chatsStartHuman'>,
    options?: RequestOptions,
  ): APIPromise<ResponseData<'chatsStartHuman'>> {
    return this._client._request('POST', `${this._path}/{id}/start-human`, { id }, options, body);
  }

  /**
   * Sends a message as the human agent (human mode only).
   *
   * `POST /v1/chats/{id}/messages`. Scope `chats:write` in Variant A, `chats:manage` in Variant B.
   *
   * @throws 404 {@link NotFoundError} when the chat (`id`) does not exist.
   * @throws 409 {@link ConflictError} when the chat is not in `human` mode.
   */
  sendMessage(
    id: string,
    body: RequestBody<'chatsSendMessage'>,
    options?: RequestOptions,
  ): APIPromise<ResponseData<'chatsSendMessage'>> {
    return this._client._request('POST', `${this._path}/{id}/messages`, { id }, options, body);
  }

  /**
   * Hands the chat back to the AI.
   *
   * `POST /v1/chats/{id}/stop-human`. Scope `chats:write` in Variant A, `chats:manage` in Variant
   * B.
   *
   * @throws 404 {@link NotFoundError} when the chat (`id`) does not exist.
   * @throws 409 {@link ConflictError} when the chat is not in `human` mode.
   */
  stopHuman(id: string, options?: RequestOptions): APIPromise<ResponseData<'chatsStopHuman'>> {
    return this._client._request('POST', `${this._path}/{id}/stop-human`, { id }, options);
  }

  /**
   * Deletes a message of the chat.
   *
   * `DELETE /v1/chats/{id}/messages/{messageId}`. Scope `messages:delete` in Variant A,
   * `chats:manage` in Variant B.
   *
   * @throws 404 {@link NotFoundError} when the chat (`id`) does not exist, or `messageId` is not
   *   one of its messages.
   */
  deleteMessage(id: string, messageId: string, options?: RequestOptions): APIPromise<void> {
    return this._client._request(
      'DELETE',
      `${this._path}/{id}/messages/{messageId}`,
      { id, messageId },
      options,
    );
  }
}

// The group's `retrieve`: APIResource's at runtime (every group has it), typed and documented here.
export interface Chats {
  /**
   * Retrieves a chat (same id as its conversation).
   *
   * `GET /v1/chats/{id}`. Scope `conversations:read` in Variant A, `chats:manage` in Variant B.
   *
   * @throws 404 {@link NotFoundError} when the chat (`id`) does not exist.
   */
  retrieve(id: string, options?: RequestOptions): APIPromise<ResponseData<'chatsRetrieve'>>;
}
