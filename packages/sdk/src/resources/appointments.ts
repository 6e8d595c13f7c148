import type { APIPromise } from '../core/api-promise.js';
import type { ConflictError, NotFoundError } from '../core/errors.js'; // The doc comments' {@link}s
import type { PagePromise } from '../core/pagination.js';
import type { ListOptions, RequestOptions } from '../core/request-options.js';
import type { ListItem, QueryParams, RequestBody, ResponseData } from '../operation-types.js';
import { APIResource } from './api-resource.js';

/** `/v1/appointments`: appointments with contacts. */
// biome-ignore lint/suspicious/noUnsafeDeclarationMerging: `retrieve` is APIResource's, declared in the interface below
export class Appointments extends APIResource<'/v1/appointments'> {
  /**
   * Lists appointments.
   *
   * `GET /v1/appointments`. Scope `contacts:read` in Variant A, `appointments:read` in Variant B.
   */
  list(
    query?: QueryParams<'appointmentsList'>,
    options?: ListOptions,
  ): PagePromise<ListItem<'appointmentsList'>> {
    return this._client._list(this._path, undefined, options, query);
  }

  /**
   * Schedules an appointment.
   *
   * `POST /v1/appointments`. Scope `contacts:write` in Variant A, `appointments:write` in Variant
   * B.
   *
   * @throws 404 {@link NotFoundError} when the body's contact (`contact_id`) or agent
   *   (`agent_id`) does not exist.
   */
  create(
    body: RequestBody<'appointmentsCreate'>,
    options?: RequestOptions,
  ): APIPromise<ResponseData<'appointmentsCreate'>> {
    return this._client._request('POST', this._path, undefined, options, body);
  }

  /**
   * Updates an appointment; a new `starts_at` reschedules it.
   *
   * `PUT /v1/appointments/{id}`. Scope `contacts:write` in Variant A, `appointments:write` in
   * Variant B.
   *
   * @throws 404 {@link NotFoundError} when the appointment (`id`) does not exist, or the body
   *   names another agent (`agent_id`) that does not.
   * @throws 409 {@link ConflictError} when the appointment is not `scheduled`.
   */
  update(
    id: string,
    body: RequestBody<'appointmentsUpdate'>,
    options?: RequestOptions,
  ): APIPromise<ResponseData<'appointmentsUpdate'>> {
    return this._client._request('PUT', `${this._path}/{id}`, { id }, options, body);
  }

  /**
   * Cancels an appointment.
   *
   * `POST /v1/appointments/{id}/cancel`. Scope `contacts:write` in Variant A, `appointments:write`
   * in Variant B.
   *
   * @throws 404 {@link NotFoundError} when the appointment (`id`) does not exist.
   * @throws 409 {@link ConflictError} when the appointment is not `scheduled`.
   */
  cancel(id: string, options?: RequestOptions): APIPromise<ResponseData<'appointmentsCancel'>> {
    return this._client._request('POST', `${this._path}/{id}/cancel`, { id }, options);
  }

  /**
   * Marks an appointment completed.
   *
   * `POST /v1/appointments/{id}/complete`. Scope `contacts:write` in Variant A,
   * `appointments:write` in Variant B.
   *
   * @throws 404 {@link NotFoundError} when the appointment (`id`) does not exist.
   * @throws 409 {@link ConflictError} when the appointment is not `scheduled`.
   */
  complete(id: string, options?: RequestOptions): APIPromise<ResponseData<'appointmentsComplete'>> {
    return this._client._request('POST', `${this._path}/{id}/complete`, { id }, options);
  }
}

// The group's `retrieve`: APIResource's at runtime (every group has it), typed and documented here.
export interface Appointments {
  /**
   * Retrieves an appointment.
   *
   * `GET /v1/appointments/{id}`. Scope `contacts:read` in Variant A, `appointments:read` in Variant
   * B.
   *
   * @throws 404 {@link NotFoundError} when the appointment (`id`) does not exist.
   */
  retrieve(id: string, options?: RequestOptions): APIPromise<ResponseData<'appointmentsRetrieve'>>;
}
