import type { APIPromise } from '../core/api-promise.js';
import type { ConflictError, NotFoundError } from '../core/errors.js'; // The doc comments' {@link}s
import type { PagePromise } from '../core/pagination.js';
import type { ListOptions, RequestOptions } from '../core/request-options.js';
import type { ListItem, QueryParams, RequestBody, ResponseData } from '../operation-types.js';
import { APIResource } from './api-resource.js';

/** `/v1/channels`: channels, their settings, QR codes and widgets. */
// biome-ignore lint/suspicious/noUnsafeDeclarationMerging: `retrieve` is APIResource's, declared in the interface below
export class Channels extends APIResource<'/v1/channels'> {
  /**
   * Lists channels.
   *
   * `GET /v1/channels`. Scope `channels:read`.
   */
  list(
    query?: QueryParams<'channelsList'>,
    options?: ListOptions,
  ): PagePromise<ListItem<'channelsList'>> {
    return this._client._list(this._path, undefined, options, query);
  }

  /**
   * Creates a channel (type `widget` unless given).
   *
   * `POST /v1/channels`. Scope `channels:write`.
   *
   * @throws 404 {@link NotFoundError} when the body's agent (`agent_id`) does not exist.
   */
  create(
    body: RequestBody<'channelsCreate'>,
    options?: RequestOptions,
  ): APIPromise<ResponseData<'channelsCreate'>> {
    return this._client._request('POST', this._path, undefined, options, body);
  }

  /**
   * Updates a channel.
   *
   * `PUT /v1/channels/{id}`. Scope `channels:write`.
   *
   * @throws 404 {@link NotFoundError} when the channel (`id`) or the body's agent (`agent_id`)
   *   does not exist.
   */
  update(
    id: string,
    body: RequestBody<'channelsUpdate'>,
    options?: RequestOptions,
  ): APIPromise<ResponseData<'channelsUpdate'>> {
    return this._client._request('PUT', `${this._path}/{id}`, { id }, options, body);
  }

  /**
   * Deletes a channel.
   *
   * `DELETE /v1/channels/{id}`. Scope `channels:write`.
   *
   * @throws 404 {@link NotFoundError} when the channel (`id`) does not exist.
   */
  delete(id: string, options?: RequestOptions): APIPromise<void> {
    return this._client._request('DELETE', `${this._path}/{id}`, { id }, options);
  }

  /**
   * Retrieves a channel's settings.
   *
   * `GET /v1/channels/{id}/settings`. Scope `channels:read`.
   *
   * @throws 404 {@link NotFoundError} when the channel (`id`) does not exist.
   */
  retrieveSettings(
    id: string,
    options?: RequestOptions,
  ): APIPromise<ResponseData<'channelsRetrieveSettings'>> {
    return this._client._request('GET', `${this._path}/{id}/settings`, { id }, options);
  }

  /**
   * Updates a channel's settings.
   *
   * `PUT /v1/channels/{id}/settings`. Scope `channels:write`.
   *
   * @throws 404 {@link NotFoundError} when the channel (`id`) does not exist.
   */
  updateSettings(
    id: string,
    body: RequestBody<'channelsUpdateSettings'>,
    options?: RequestOptions,
  ): APIPromise<ResponseData<'channelsUpdateSettings'>> {
    return this._client._request('PUT', `${this._path}/{id}/settings`, { id }, options, body);
  }

  /**
   * The QR code that pairs a messaging channel (409 for other types).
   *
   * `GET /v1/channels/{id}/qr-code`. Scope `channels:read`.
   *
   * @throws 404 {@link NotFoundError} when the channel (`id`) does not exist.
   * @throws 409 {@link ConflictError} when the channel is not a messaging channel (`whatsapp`,
   *   `instagram`).
   */
  retrieveQrCode(
    id: string,
    options?: RequestOptions,
  ): APIPromise<ResponseData<'channelsRetrieveQrCode'>> {
    return this._client._request('GET', `${this._path}/{id}/qr-code`, { id }, options);
  }

  /**
   * The embed script of a widget channel (409 for other types).
   *
   * `GET /v1/channels/{id}/widget`. Scope `channels:read`.
   *
   * @throws 404 {@link NotFoundError} when the channel (`id`) does not exist.
   * @throws 409 {@link ConflictError} when the channel is not a `widget` channel.
   */
  retrieveWidget(
    id: string,
    options?: RequestOptions,
  ): APIPromise<ResponseData<'channelsRetrieveWidget'>> {
    return this._client._request('GET', `${this._path}/{id}/widget`, { id }, options);
  }
}

// The group's `retrieve`: APIResource's at runtime (every group has it), typed and documented here.
export interface Channels {
  /**
   * Retrieves a channel.
   *
   * `GET /v1/channels/{id}`. Scope `channels:read`.
   *
   * @throws 404 {@link NotFoundError} when the channel (`id`) does not exist.
   */
  retrieve(id: string, options?: RequestOptions): APIPromise<ResponseData<'channelsRetrieve'>>;
}
