import type { APIPromise } from '../core/api-promise.js';
import type { PagePromise } from '../core/pagination.js';
import type { ListOptions, RequestOptions } from '../core/request-options.js';
import type { ListItem, QueryParams, RequestBody, ResponseData } from '../operation-types.js';
import { APIResource } from './api-resource.js';

/** `/v1/chats`: active chats and the human handoff (open -> human -> open). */
export class Chats extends APIResource<'/v1/chats'> {
  /** Lists chats. */
  list(
    query?: QueryParams<'chatsList'>,
    options?: ListOptions,
  ): PagePromise<ListItem<'chatsList'>> {
    return this._client._list(this._path, {}, options, query);
  }

  /** Retrieves a chat (same id as its conversation). */
  retrieve(id: string, options?: RequestOptions): APIPromise<ResponseData<'chatsRetrieve'>> {
    return this._client._request('GET', `${this._path}/{id}`, { id }, options);
  }

  /** A human takes over: the AI stops answering. */
  startHuman(
    id: string,
    body?: RequestBody<'chatsStartHuman'>,
    options?: RequestOptions,
  ): APIPromise<ResponseData<'chatsStartHuman'>> {
    return this._client._request('POST', `${this._path}/{id}/start-human`, { id }, options, body);
  }

  /** Sends a message as the human agent (human mode only). */
  sendMessage(
    id: string,
    body: RequestBody<'chatsSendMessage'>,
    options?: RequestOptions,
  ): APIPromise<ResponseData<'chatsSendMessage'>> {
    return this._client._request('POST', `${this._path}/{id}/messages`, { id }, options, body);
  }

  /** Hands the chat back to the AI. */
  stopHuman(id: string, options?: RequestOptions): APIPromise<ResponseData<'chatsStopHuman'>> {
    return this._client._request('POST', `${this._path}/{id}/stop-human`, { id }, options);
  }

  /** Deletes a message of the chat. */
  deleteMessage(id: string, messageId: string, options?: RequestOptions): APIPromise<void> {
    return this._client._request(
      'DELETE',
      `${this._path}/{id}/messages/{messageId}`,
      { id, messageId },
      options,
    );
  }
}
