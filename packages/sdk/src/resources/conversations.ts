import type { APIPromise } from '../core/api-promise.js';
import type { PagePromise } from '../core/pagination.js';
import type { ListOptions, RequestOptions } from '../core/request-options.js';
import type { ListItem, QueryParams, RequestBody, ResponseData } from '../operation-types.js';
import { APIResource } from './api-resource.js';

/** `/v1/conversations`: conversation history and messages. */
export class Conversations extends APIResource<'/v1/conversations'> {
  /** Lists conversations. */
  list(
    query?: QueryParams<'conversationsList'>,
    options?: ListOptions,
  ): PagePromise<ListItem<'conversationsList'>> {
    return this._client._list(this._path, {}, options, query);
  }

  /** Retrieves a conversation. */
  retrieve(
    id: string,
    options?: RequestOptions,
  ): APIPromise<ResponseData<'conversationsRetrieve'>> {
    return this._client._request('GET', `${this._path}/{id}`, { id }, options);
  }

  /** Lists a conversation's messages. */
  listMessages(
    id: string,
    query?: QueryParams<'conversationsListMessages'>,
    options?: ListOptions,
  ): PagePromise<ListItem<'conversationsListMessages'>> {
    return this._client._list(`${this._path}/{id}/messages`, { id }, options, query);
  }

  /**
   * Sends a customer message and returns the agent's answer: `response` is null in human mode or when
   * the agent is inactive or was deleted. A closed conversation is reopened.
   */
  sendMessage(
    id: string,
    body: RequestBody<'conversationsSendMessage'>,
    options?: RequestOptions,
  ): APIPromise<ResponseData<'conversationsSendMessage'>> {
    return this._client._request('POST', `${this._path}/{id}/messages`, { id }, options, body);
  }

  /** Edits a message; sets `is_edited`. */
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

  /** Closes the conversation's chat. */
  close(id: string, options?: RequestOptions): APIPromise<ResponseData<'conversationsClose'>> {
    return this._client._request('POST', `${this._path}/{id}/close`, { id }, options);
  }

  /** Reopens a closed conversation's chat. */
  reopen(id: string, options?: RequestOptions): APIPromise<ResponseData<'conversationsReopen'>> {
    return this._client._request('POST', `${this._path}/{id}/reopen`, { id }, options);
  }

  /** Hands the conversation to another agent. */
  transfer(
    id: string,
    body: RequestBody<'conversationsTransfer'>,
    options?: RequestOptions,
  ): APIPromise<ResponseData<'conversationsTransfer'>> {
    return this._client._request('POST', `${this._path}/{id}/transfer`, { id }, options, body);
  }
}
