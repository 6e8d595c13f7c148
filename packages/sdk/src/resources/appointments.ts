import type { APIPromise } from '../core/api-promise.js';
import type { PagePromise } from '../core/pagination.js';
import type { ListOptions, RequestOptions } from '../core/request-options.js';
import type { ListItem, QueryParams, RequestBody, ResponseData } from '../operation-types.js';
import { APIResource } from './api-resource.js';

/** `/v1/appointments`: appointments with contacts. */
export class Appointments extends APIResource<'/v1/appointments'> {
  /** Lists appointments. */
  list(
    query?: QueryParams<'appointmentsList'>,
    options?: ListOptions,
  ): PagePromise<ListItem<'appointmentsList'>> {
    return this._client._list(this._path, {}, options, query);
  }

  /** Schedules an appointment. */
  create(
    body: RequestBody<'appointmentsCreate'>,
    options?: RequestOptions,
  ): APIPromise<ResponseData<'appointmentsCreate'>> {
    return this._client._request('POST', this._path, {}, options, body);
  }

  /** Retrieves an appointment. */
  retrieve(id: string, options?: RequestOptions): APIPromise<ResponseData<'appointmentsRetrieve'>> {
    return this._client._request('GET', `${this._path}/{id}`, { id }, options);
  }

  /** Updates an appointment; a new `starts_at` reschedules it. */
  update(
    id: string,
    body: RequestBody<'appointmentsUpdate'>,
    options?: RequestOptions,
  ): APIPromise<ResponseData<'appointmentsUpdate'>> {
    return this._client._request('PUT', `${this._path}/{id}`, { id }, options, body);
  }

  /** Cancels an appointment. */
  cancel(id: string, options?: RequestOptions): APIPromise<ResponseData<'appointmentsCancel'>> {
    return this._client._request('POST', `${this._path}/{id}/cancel`, { id }, options);
  }

  /** Marks an appointment completed. */
  complete(id: string, options?: RequestOptions): APIPromise<ResponseData<'appointmentsComplete'>> {
    return this._client._request('POST', `${this._path}/{id}/complete`, { id }, options);
  }
}
