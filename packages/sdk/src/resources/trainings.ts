import type { APIPromise } from '../core/api-promise.js';
import type { NotFoundError } from '../core/errors.js'; // The doc comments' {@link}s
import type { PagePromise } from '../core/pagination.js';
import type { ListOptions, RequestOptions } from '../core/request-options.js';
import type { ListItem, QueryParams, RequestBody, ResponseData } from '../operation-types.js';
import { APIResource } from './api-resource.js';

/** Trainings: the knowledge base of an agent. */
// biome-ignore lint/suspicious/noUnsafeDeclarationMerging: `retrieve` is APIResource's, declared in the interface below
export class Trainings extends APIResource<'/v1/trainings'> {
  /**
   * Lists an agent's trainings.
   *
   * `GET /v1/agents/{id}/trainings`. Scope `trainings:read` in Variant A, `training:read` in
   * Variant B.
   *
   * @throws 404 {@link NotFoundError} when the agent (`id`) does not exist.
   */
  list(
    agentId: string,
    query?: QueryParams<'trainingsList'>,
    options?: ListOptions,
  ): PagePromise<ListItem<'trainingsList'>> {
    return this._client._list('/v1/agents/{id}/trainings', { id: agentId }, options, query);
  }

  /**
   * Adds a training to an agent: `text` with `content`, or `url` / `document` with `url`.
   *
   * `POST /v1/agents/{id}/trainings`. Scope `trainings:write` in Variant A, `training:write` in
   * Variant B.
   *
   * @throws 404 {@link NotFoundError} when the agent (`id`) does not exist.
   */
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

  /**
   * Updates a training.
   *
   * `PUT /v1/trainings/{id}`. Scope `trainings:write` in Variant A, `training:write` in Variant B.
   *
   * @throws 404 {@link NotFoundError} when the training (`id`) does not exist.
   */
  update(
    id: string,
    body: RequestBody<'trainingsUpdate'>,
    options?: RequestOptions,
  ): APIPromise<ResponseData<'trainingsUpdate'>> {
    return this._client._request('PUT', `${this._path}/{id}`, { id }, options, body);
  }

  /**
   * Deletes a training.
   *
   * `DELETE /v1/trainings/{id}`. Scope `trainings:write` in Variant A, `training:write` in Variant
   * B.
   *
   * @throws 404 {@link NotFoundError} when the training (`id`) does not exist.
   */
  delete(id: string, options?: RequestOptions): APIPromise<void> {
    return this._client._request('DELETE', `${this._path}/{id}`, { id }, options);
  }
}

// The group's `retrieve`: APIResource's at runtime (every group has it), typed and documented here.
export interface Trainings {
  /**
   * Retrieves a training.
   *
   * `GET /v1/trainings/{id}`. Scope `trainings:read` in Variant A, `training:read` in Variant B.
   *
   * @throws 404 {@link NotFoundError} when the training (`id`) does not exist.
   */
  retrieve(id: string, options?: RequestOptions): APIPromise<ResponseData<'trainingsRetrieve'>>;
}
