import type { APIPromise } from '../core/api-promise.js';
import type { ConflictError, NotFoundError } from '../core/errors.js'; // The doc comments' {@link}s
import type { PagePromise } from '../core/pagination.js';
import type { ListOptions, RequestOptions } from '../core/request-options.js';
import type { ListItem, QueryParams, RequestBody, ResponseData } from '../operation-types.js';
import { APIResource } from './api-resource.js';

/** `/v1/custom-fields`: custom field definitions for contacts; archived, never deleted. */
// biome-ignore lint/suspicious/noUnsafeDeclarationMerging: `retrieve` is APIResource's, declared in the interface below
export class CustomFields extends APIResource<'/v1/custom-fields'> {
  /**
   * Lists custom fields (archived ones with `include_archived`).
   *
   * `GET /v1/custom-fields`. Scope `custom-fields:read` in Variant A, `custom-fields:manage` in
   * Variant B.
   */
  list(
    query?: QueryParams<'customFieldsList'>,
    options?: ListOptions,
  ): PagePromise<ListItem<'customFieldsList'>> {
    return this._client._list(this._path, undefined, options, query);
  }

  /**
   * Creates a custom field; `options` is required for the select types.
   *
   * `POST /v1/custom-fields`. Scope `custom-fields:write` in Variant A, `custom-fields:manage` in
   * Variant B.
   *
   * @throws 409 {@link ConflictError} when A field with this name exists, in any letter case or
   *   Unicode form (archived ones too).
   */
  create(
    body: RequestBody<'customFieldsCreate'>,
    options?: RequestOptions,
  ): APIPromise<ResponseData<'customFieldsCreate'>> {
    return this._client._request('POST', this._path, undefined, options, body);
  }

  /**
   * Updates a custom field.
   *
   * `PUT /v1/custom-fields/{id}`. Scope `custom-fields:write` in Variant A, `custom-fields:manage`
   * in Variant B.
   *
   * @throws 404 {@link NotFoundError} when the custom field (`id`) does not exist.
   * @throws 409 {@link ConflictError} when another field has this name, in any letter case or
   *   Unicode form (archived ones too).
   */
  update(
    id: string,
    body: RequestBody<'customFieldsUpdate'>,
    options?: RequestOptions,
  ): APIPromise<ResponseData<'customFieldsUpdate'>> {
    return this._client._request('PUT', `${this._path}/{id}`, { id }, options, body);
  }

  /**
   * Archives a custom field.
   *
   * `POST /v1/custom-fields/{id}/archive`. Scope `custom-fields:write` in Variant A,
   * `custom-fields:manage` in Variant B.
   *
   * @throws 404 {@link NotFoundError} when the custom field (`id`) does not exist.
   */
  archive(id: string, options?: RequestOptions): APIPromise<ResponseData<'customFieldsArchive'>> {
    return this._client._request('POST', `${this._path}/{id}/archive`, { id }, options);
  }

  /**
   * Restores an archived custom field.
   *
   * `POST /v1/custom-fields/{id}/unarchive`. Scope `custom-fields:write` in Variant A,
   * `custom-fields:manage` in Variant B.
   *
   * @throws 404 {@link NotFoundError} when the custom field (`id`) does not exist.
   */
  unarchive(
    id: string,
    options?: RequestOptions,
  ): APIPromise<ResponseData<'customFieldsUnarchive'>> {
    return this._client._request('POST', `${this._path}/{id}/unarchive`, { id }, options);
  }
}

// The group's `retrieve`: APIResource's at runtime (every group has it), typed and documented here.
export interface CustomFields {
  /**
   * Retrieves a custom field.
   *
   * `GET /v1/custom-fields/{id}`. Scope `custom-fields:read` in Variant A, `custom-fields:manage`
   * in Variant B.
   *
   * @throws 404 {@link NotFoundError} when the custom field (`id`) does not exist.
   */
  retrieve(id: string, options?: RequestOptions): APIPromise<ResponseData<'customFieldsRetrieve'>>;
}
