import type { APIPromise } from '../core/api-promise.js';
import type { ConflictError, NotFoundError } from '../core/errors.js'; // The doc comments' {@link}s
import type { PagePromise } from '../core/pagination.js';
import type { ListOptions, RequestOptions } from '../core/request-options.js';
import type { ListItem, QueryParams, RequestBody, ResponseData } from '../operation-types.js';
import { APIResource } from './api-resource.js';

/** `/v1/conversations`: conversation history and messages. */
// biome-ignore lint/suspicious/noUnsafeDeclarationMerging: `retrieve` is APIResource's, declared in the interface below
export class Conversations extends APIResource<'/v1/conversations'> {
  /**
   * Lists conversations.
   *
   * `GET /v1/conversations`. Scope `conversations:read`.
   */
  list(
    query?: QueryParams<'conversationsList'>,
    options?: ListOptions,
  ): PagePromise<ListItem<'conversationsList'>> {
    return this._client._list(this._path, undefined, options, query);
  }

  /**
   * Lists a conversation's messages.
   *
   * `GET /v1/conversations/{id}/messages`. Scope `messages:read` in Variant A, `conversations:read`
   * or `chats:manage` in Variant B.
   *
   * @throws 404 {@link NotFoundError} when the conversation (`id`) does not exist.
   */
  listMessages(
    id: string,
    query?: QueryParams<'conversationsListMessages'>,
    options?: ListOptions,
  ): PagePromise<ListItem<'conversationsListMessages'>> {
    return this._client._list(`${this._path}/{id}/messages`, { id }, options, query);
  }

  /**
   * Sends a customer message and returns the agent's answer: `response` is null in human mode or
   * when the agent is inactive or was deleted. A closed conversation is reopened.
   *
   * `POST /v1/conversations/{id}/messages`. Scope `messages:write` in Variant A, `messages:send` in
   * Variant B.
   *
   * @throws 404 {@link NotFoundError} when the conversation (`id`) does not exist.
   */
  sendMessage(
    id: string,
    body: RequestBody<'conversationsSendMessage'>,
    options?: RequestOptions,
  ): APIPromise<ResponseData<'conversationsSendMessage'>> {
    return this._client._request('POST', `${this._path}/{id}/messages`, { id }, options, body);
  }

  /**
   * Edits a message; sets `is_edited`.
   *
   * `PUT /v1/conversations/{id}/messages/{messageId}`. Scope `chats:write` in Variant A,
   * `chats:manage` in Variant B.
   *
   * @throws 404 {@link NotFoundError} when the conversation (`id`) does not exist, or `messageId`
   *   is not one of its messages.
   */
  editMessage(
    id: string,
    messageId: string,
    body: RequestBody<'conversationsEditMessage'>,
    options?: RequestOptions,
  ): APIPromise<ResponseData<'conversationsEditMessage'>> {
    return this._client._request(
      'PUT',
      `${this._path}/{id}/messages/{messageId}`,
      { id, messageId },
      options,
      body,
    );
  }

  /**
   * Closes the conversation's chat. Closing a `human` one ends its handoff with `conversation.closed`
   * alone: no `agent.handoff_completed` follows.
   *
   * `POST /v1/conversations/{id}/close`. Scope `chats:write` in Variant A, `conversations:write` in
   * Variant B.
   *
   * @throws 404 {@link NotFoundError} when the conversation (`id`) does not exist.
   * @throws 409 {@link ConflictError} when the chat is already `closed` (close needs `open` or
   *   `human`).
   */
  close(id: string, options?: RequestOptions): APIPromise<ResponseData<'conversationsClose'>> {
    return this._client._request('POST', `${this._path}/{id}/close`, { id }, options);
  }

  /**
   * Reopens a closed conversation's chat.
   *
   * `POST /v1/conversations/{id}/reopen`. Scope `chats:write` in Variant A, `conversations:write`
   * in Variant B.
   *
   * @throws 404 {@link NotFoundError} when the conversation (`id`) does not exist.
   * @throws 409 {@link ConflictError} when the chat is not `closed`.
   */
  reopen(id: string, options?: RequestOptions): APIPromise<ResponseData<'conversationsReopen'>> {
    return this._client._request('POST', `${this._path}/{id}/reopen`, { id }, options);
  }

  /**
   * Hands the conversation to another agent.
   *
   * `POST /v1/conversations/{id}/transfer`. Scope `chats:write` in Variant A, `conversations:write`
   * in Variant B.
   *
   * @throws 404 {@link NotFoundError} when the conversation (`id`) or the body's agent
   *   (`agent_id`) does not exist.
   * @throws 409 {@link ConflictError} when the conversation is closed, or the target agent is
   *   inactive.
   */
  transfer(
    id: string,
    body: RequestBody<'conversationsTransfer'>,
    options?: RequestOptions,
  ): APIPromise<ResponseData<'conversationsTransfer'>> {
    return this._client._request('POST', `${this._path}/{id}/transfer`, { id }, options, body);
  }
}

// The group's `retrieve`: APIResource's at runtime (every group has it), typed and documented here.
export interface Conversations {
  /**
   * Retrieves a conversation.
   *
   * `GET /v1/conversations/{id}`. Scope `conversations:read`.
   *
   * @throws 404 {@link NotFoundError} when the conversation (`id`) does not exist.
   */
  retrieve(id: string, options?: RequestOptions): APIPromise<ResponseData<'conversationsRetrieve'>>;
}
