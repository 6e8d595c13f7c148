import type { APIPromise } from '../core/api-promise.js';
import type { NotFoundError } from '../core/errors.js'; // The doc comments' {@link}s
import type { PagePromise } from '../core/pagination.js';
import type { ListOptions, RequestOptions } from '../core/request-options.js';
import type { ListItem, QueryParams, RequestBody, ResponseData } from '../operation-types.js';
import { APIResource } from './api-resource.js';

/** `/v1/contacts`: customer records. */
// biome-ignore lint/suspicious/noUnsafeDeclarationMerging: `retrieve` is APIResource's, declared in the interface below
export class Contacts extends APIResource<'/v1/contacts'> {
  /**
   * Lists contacts; `q` searches name, email and phone.
   *
   * `GET /v1/contacts`. Scope `contacts:read`.
   */
  list(
    query?: QueryParams<'contactsList'>,
    options?: ListOptions,
  ): PagePromise<ListItem<'contactsList'>> {
    return this._client._list(this._path, undefined, options, query);
  }

  /**
   * Creates a contact; one of name, email or phone is required.
   *
   * `POST /v1/contacts`. Scope `contacts:write`.
   */
  create(
    body: RequestBody<'contactsCreate'>,
    options?: RequestOptions,
  ): APIPromise<ResponseData<'contactsCreate'>> {
    return this._client._request('POST', this._path, undefined, options, body);
  }

  /**
   * Updates a contact.
   *
   * `PUT /v1/contacts/{id}`. Scope `contacts:write`.
   *
   * @throws 404 {@link NotFoundError} when the contact (`id`) does not exist.
   */
  update(
    id: string,
    body: RequestBody<'contactsUpdate'>,
    options?: RequestOptions,
  ): APIPromise<ResponseData<'contactsUpdate'>> {
    return this._client._request('PUT', `${this._path}/{id}`, { id }, options, body);
  }

  /**
   * Deletes a contact.
   *
   * `DELETE /v1/contacts/{id}`. Scope `contacts:write`.
   *
   * @throws 404 {@link NotFoundError} when the contact (`id`) does not exist.
   */
  delete(id: string, options?: RequestOptions): APIPromise<void> {
    return this._client._request('DELETE', `${this._path}/{id}`, { id }, options);
  }
}

// The group's `retrieve`: APIResource's at runtime (every group has it), typed and documented here.
export interface Contacts {
  /**
   * Retrieves a contact.
   *
   * `GET /v1/contacts/{id}`. Scope `contacts:read`.
   *
   * @throws 404 {@link NotFoundError} when the contact (`id`) does not exist.
   */
  retrieve(id: string, options?: RequestOptions): APIPromise<ResponseData<'contactsRetrieve'>>;
}
