import type { APIPromise } from '../core/api-promise.js';
import type { PagePromise } from '../core/pagination.js';
import type { ListOptions, RequestOptions } from '../core/request-options.js';
import type { ListItem, QueryParams, RequestBody, ResponseData } from '../operation-types.js';
import { APIResource } from './api-resource.js';

/** `/v1/appointments`: appointments with contacts. */
export class Appointments extends APIResource {
  /** Lists appointments. */
  list(
    query?: QueryParams<'appointmentsList'>,
    options?: ListOptions,
  ): PagePromise<ListItem<'appointmentsList'>> {
    return this._client._list('/v1/appointments', {}, options, query);
  }

  /** Schedules an appointment. */
  create(
    body: RequestBody<'appointmentsCreate'>,
    options?: RequestOptions,
  ): APIPromise<ResponseData<'appointmentsCreate'>> {
    return this._client._request('POST', '/v1/appointments', {}, options, body);
  }

  /** Retrieves an appointment. */
  retrieve(id: string, options?: RequestOptions): APIPromise<ResponseData<'appointmentsRetrieve'>> {
    return this._client._request('GET', '/v1/appointments/{id}', { id }, options);
  }

  /** Updates an appointment; a new `starts_at` reschedules it. */
  update(
    id: string,
    body: RequestBody<'appointmentsUpdate'>,
    options?: RequestOptions,
  ): APIPromise<ResponseData<'appointmentsUpdate'>> {
    return this._client._request('PUT', '/v1/appointments/{id}', { id }, options, body);
  }

  /** Cancels an appointment. */
  cancel(id: string, options?: RequestOptions): APIPromise<ResponseData<'appointmentsCancel'>> {
    return this._client._request('POST', '/v1/appointments/{id}/cancel', { id }, options);
  }

  /** Marks an appointment completed. */
  complete(id: string, options?: RequestOptions): APIPromise<ResponseData<'appointmentsComplete'>> {
    return this._client._request('POST', '/v1/appointments/{id}/complete', { id }, options);
  }
}
