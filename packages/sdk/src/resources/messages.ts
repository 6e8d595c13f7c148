import type { APIPromise } from '../core/api-promise.js';
import type { NotFoundError } from '../core/errors.js'; // The doc comments' {@link}s
import type { RequestOptions } from '../core/request-options.js';
import type { ResponseData } from '../operation-types.js';
import { APIResource } from './api-resource.js';

/** `/v1/messages`: direct access to single messages. */
// biome-ignore lint/suspicious/noUnsafeDeclarationMerging: `retrieve` is APIResource's, declared in the interface below
export class Messages extends APIResource<'/v1/messages'> {
  /**
   * Deletes a message.
   *
   * `DELETE /v1/messages/{id}`. Scope `messages:delete` in Variant A, `chats:manage` in Variant B.
   *
   * @throws 404 {@link NotFoundError} when the message (`id`) does not exist.
   */
  delete(id: string, options?: RequestOptions): APIPromise<void> {
    return this._client._request('DELETE', `${this._path}/{id}`, { id }, options);
  }
}

// The group's `retrieve`: APIResource's at runtime (every group has it), typed and documented here.
export interface Messages {
  /**
   * Retrieves a message.
   *
   * `GET /v1/messages/{id}`. Scope `messages:read` in Variant A, `conversations:read` or
   * `chats:manage` in Variant B.
   *
   * @throws 404 {@link NotFoundError} when the message (`id`) does not exist.
   */
  retrieve(id: string, options?: RequestOptions): APIPromise<ResponseData<'messagesRetrieve'>>;
}
