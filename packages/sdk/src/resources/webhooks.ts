import type { APIPromise } from '../core/api-promise.js';
import type { NotFoundError } from '../core/errors.js'; // The doc comments' {@link}s
import type { PagePromise } from '../core/pagination.js';
import type { ListOptions, RequestOptions } from '../core/request-options.js';
import type { ListItem, QueryParams, RequestBody, ResponseData } from '../operation-types.js';
import { APIResource } from './api-resource.js';

/** `/v1/webhooks`: outbound event notifications and their delivery history. */
// biome-ignore lint/suspicious/noUnsafeDeclarationMerging: `retrieve` is APIResource's, declared in the interface below
export class Webhooks extends APIResource<'/v1/webhooks'> {
  /**
   * Lists webhooks.
   *
   * `GET /v1/webhooks`. Scope `webhooks:read` or `agents:read` in Variant A, `webhooks:manage` in
   * Variant B.
   */
  list(
    query?: QueryParams<'webhooksList'>,
    options?: ListOptions,
  ): PagePromise<ListItem<'webhooksList'>> {
    return this._client._list(this._path, undefined, options, query);
  }

  /**
   * Creates a webhook; the response carries its `secret`, shown this once.
   *
   * `POST /v1/webhooks`. Scope `webhooks:write` in Variant A, `webhooks:manage` in Variant B.
   */
  create(
    body: RequestBody<'webhooksCreate'>,
    options?: RequestOptions,
  ): APIPromise<ResponseData<'webhooksCreate'>> {
    return this._client._request('POST', this._path, undefined, options, body);
  }

  /**
   * Updates a webhook; `active: true` reactivates it.
   *
   * `PUT /v1/webhooks/{id}`. Scope `webhooks:write` in Variant A, `webhooks:manage` in Variant B.
   *
   * @throws 404 {@link NotFoundError} when the webhook (`id`) does not exist.
   */
  update(
    id: string,
    body: RequestBody<'webhooksUpdate'>,
    options?: RequestOptions,
  ): APIPromise<ResponseData<'webhooksUpdate'>> {
    return this._client._request('PUT', `${this._path}/{id}`, { id }, options, body);
  }

  /**
   * Deletes a webhook.
   *
   * `DELETE /v1/webhooks/{id}`. Scope `webhooks:delete` in Variant A, `webhooks:manage` in Variant
   * B.
   *
   * @throws 404 {@link NotFoundError} when the webhook (`id`) does not exist.
   */
  delete(id: string, options?: RequestOptions): APIPromise<void> {
    return this._client._request('DELETE', `${this._path}/{id}`, { id }, options);
  }

  /**
   * Sends a `webhook.test` event now and returns the attempt's result.
   *
   * `POST /v1/webhooks/{id}/test`. Scope `webhooks:write` in Variant A, `webhooks:manage` in
   * Variant B.
   *
   * @throws 404 {@link NotFoundError} when the webhook (`id`) does not exist.
   */
  test(id: string, options?: RequestOptions): APIPromise<ResponseData<'webhooksTest'>> {
    return this._client._request('POST', `${this._path}/{id}/test`, { id }, options);
  }

  /**
   * Lists a webhook's deliveries with every attempt.
   *
   * `GET /v1/webhooks/{id}/deliveries`. Scope `webhooks:read` or `agents:read` in Variant A,
   * `webhooks:manage` in Variant B.
   *
   * @throws 404 {@link NotFoundError} when the webhook (`id`) does not exist.
   */
  deliveries(
    id: string,
    query?: QueryParams<'webhooksListDeliveries'>,
    options?: ListOptions,
  ): PagePromise<ListItem<'webhooksListDeliveries'>> {
    return this._client._list(`${this._path}/{id}/deliveries`, { id }, options, query);
  }

  /**
   * Makes a new signing secret, shown this once in the response. With `grace_seconds` the previous
   * one goes on signing for that long: give your receiver the new secret (it accepts both) before.
   *
   * `POST /v1/webhooks/{id}/rotate-secret`. Scope `webhooks:write` in Variant A, `webhooks:manage`
   * in Variant B.
   *
   * @throws 404 {@link NotFoundError} when the webhook (`id`) does not exist.
   */
  rotateSecret(
    id: string,
    body?: RequestBody<'webhooksRotateSecret'>,
    options?: RequestOptions,
  ): APIPromise<ResponseData<'webhooksRotateSecret'>> {
    return this._client._request('POST', `${this._path}/{id}/rotate-secret`, { id }, options, body);
  }
}

// The group's `retrieve`: APIResource's at runtime (every group has it), typed and documented here.
export interface Webhooks {
  /**
   * Retrieves a webhook.
   *
   * `GET /v1/webhooks/{id}`. Scope `webhooks:read` or `agents:read` in Variant A, `webhooks:manage`
   * in Variant B.
   *
   * @throws 404 {@link NotFoundError} when the webhook (`id`) does not exist.
   */
  retrieve(id: string, options?: RequestOptions): APIPromise<ResponseData<'webhooksRetrieve'>>;
}
