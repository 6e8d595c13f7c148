import type { APIPromise } from '../core/api-promise.js';
import type { RequestOptions } from '../core/request-options.js';
import type { ResponseData } from '../operation-types.js';
import { APIResource } from './api-resource.js';

/** `/v1/messages`: direct access to single messages. */
export class Messages extends APIResource {
  /** Retrieves a message. */
  retrieve(id: string, options?: RequestOptions): APIPromise<ResponseData<'messagesRetrieve'>> {
    return this._client._request('GET', '/v1/messages/{id}', { id }, options);
  }

  /** Deletes a message. */
  delete(id: string, options?: RequestOptions): APIPromise<void> {
    return this._client._request('DELETE', '/v1/messages/{id}', { id }, options);
  }
}
