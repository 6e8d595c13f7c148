import type { APIPromise } from '../core/api-promise.js';
import type { RequestOptions } from '../core/request-options.js';
import type { ResponseData } from '../operation-types.js';
import { APIResource } from './api-resource.js';

/** `/v1/messages`: direct access to single messages. */
export class Messages extends APIResource<'/v1/messages'> {
  /** Retrieves a message. */
  retrieve(id: string, options?: RequestOptions): APIPromise<ResponseData<'messagesRetrieve'>> {
    return this._client._request('GET', `${this._path}/{id}`, { id }, options);
  }

  /** Deletes a message. */
  delete(id: string, options?: RequestOptions): APIPromise<void> {
    return this._client._request('DELETE', `${this._path}/{id}`, { id }, options);
  }
}
