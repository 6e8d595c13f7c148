import type { APIPromise } from '../core/api-promise.js';
import type { PagePromise } from '../core/pagination.js';
import type { ListOptions, RequestOptions } from '../core/request-options.js';
import type { ListItem, QueryParams, RequestBody, ResponseData } from '../operation-types.js';
import { APIResource } from './api-resource.js';

/** Trainings: the knowledge base of an agent. */
export class Trainings extends APIResource<'/v1/trainings'> {
  /** Lists an agent's trainings. */
  list(
    agentId: string,
    query?: QueryParams<'trainingsList'>,
    options?: ListOptions,
  ): PagePromise<ListItem<'trainingsList'>> {
    return this._client._list('/v1/agents/{id}/trainings', { id: agentId }, options, query);
  }

  /** Adds a training to an agent: `text` with `content`, or `url` / `document` with `url`. */
  create(
    agentId: string,
    body: RequestBody<'trainingsCreate'>,
    options?: RequestOptions,
  ): APIPromise<ResponseData<'trainingsCreate'>> {
    return this._client._request(
      'POST',
      '/v1/agents/{id}/trainings',
      { id: agentId },
      options,
      body,
    );
  }

  /** Retrieves a training. */
  retrieve(id: string, options?: RequestOptions): APIPromise<ResponseData<'trainingsRetrieve'>> {
    return this._client._request('GET', `${this._path}/{id}`, { id }, options);
  }

  /** Updates a training. */
  update(
    id: string,
    body: RequestBody<'trainingsUpdate'>,
    options?: RequestOptions,
  ): APIPromise<ResponseData<'trainingsUpdate'>> {
    return this._client._request('PUT', `${this._path}/{id}`, { id }, options, body);
  }

  /** Deletes a training. */
  delete(id: string, options?: RequestOptions): APIPromise<void> {
    return this._client._request('DELETE', `${this._path}/{id}`, { id }, options);
  }
}
