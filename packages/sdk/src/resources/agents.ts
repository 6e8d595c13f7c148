import type { APIPromise } from '../core/api-promise.js';
import type { ConflictError, NotFoundError } from '../core/errors.js'; // The doc comments' {@link}s
import type { PagePromise } from '../core/pagination.js';
import type { ListOptions, RequestOptions } from '../core/request-options.js';
import type { ListItem, QueryParams, RequestBody, ResponseData } from '../operation-types.js';
import { APIResource } from './api-resource.js';

/** `/v1/agents`: agents, their activation, and conversations with them. */
// biome-ignore lint/suspicious/noUnsafeDeclarationMerging: `retrieve` is APIResource's, declared in the interface below
export class Agents extends APIResource<'/v1/agents'> {
  /**
   * Lists agents; iterate the result to walk every page.
   *
   * `GET /v1/agents`. Scope `agents:read`.
   */
  list(
    query?: QueryParams<'agentsList'>,
    options?: ListOptions,
  ): PagePromise<ListItem<'agentsList'>> {
    return this._client._list(this._path, undefined, options, query);
  }

  /**
   * Creates an agent; new agents are `active`.
   *
   * `POST /v1/agents`. Scope `agents:write`.
   */
  create(
    body: RequestBody<'agentsCreate'>,
    options?: RequestOptions,
  ): APIPromise<ResponseData<'agentsCreate'>> {
    return this._client._request('POST', this._path, undefined, options, body);
  }

  /**
   * Updates an agent; absent fields are left as they are.
   *
   * `PUT /v1/agents/{id}`. Scope `agents:write`.
   *
   * @throws 404 {@link NotFoundError} when the agent (`id`) does not exist.
   */
  update(
    id: string,
    body: RequestBody<'agentsUpdate'>,
    options?: RequestOptions,
  ): APIPromise<ResponseData<'agentsUpdate'>> {
    return this._client._request('PUT', `${this._path}/{id}`, { id }, options, body);
  }

  /**
   * Deletes an agent with its trainings and MCP links.
   *
   * `DELETE /v1/agents/{id}`. Scope `agents:delete` in Variant A, `agents:write` in Variant B.
   *
   * @throws 404 {@link NotFoundError} when the agent (`id`) does not exist.
   */
  delete(id: string, options?: RequestOptions): APIPromise<void> {
    return this._client._request('DELETE', `${this._path}/{id}`, { id }, options);
  }

  /**
   * Sets the agent `active`.
   *
   * `POST /v1/agents/{id}/activate`. Scope `agents:write`.
   *
   * @throws 404 {@link NotFoundError} when the agent (`id`) does not exist.
   */
  activate(id: string, options?: RequestOptions): APIPromise<ResponseData<'agentsActivate'>> {
    return this._client._request('POST', `${this._path}/{id}/activate`, { id }, options);
  }

  /**
   * Sets the agent `inactive`.
   *
   * `POST /v1/agents/{id}/deactivate`. Scope `agents:write`.
   *
   * @throws 404 {@link NotFoundError} when the agent (`id`) does not exist.
   */
  deactivate(id: string, options?: RequestOptions): APIPromise<ResponseData<'agentsDeactivate'>> {
    return this._client._request('POST', `${this._path}/{id}/deactivate`, { id }, options);
  }

  /**
   * Starts a new conversation with the agent and returns its answer.
   *
   * `POST /v1/agents/{id}/conversation`. Scope `messages:write` in Variant A, `messages:send` or
   * `conversations:write` in Variant B.
   *
   * @throws 404 {@link NotFoundError} when the agent (`id`) or the body's contact (`contact_id`)
   *   does not exist.
   * @throws 409 {@link ConflictError} when the agent is inactive.
   */
  startConversation(
    id: string,
    body: RequestBody<'agentsStartConversation'>,
    options?: RequestOptions,
  ): APIPromise<ResponseData<'agentsStartConversation'>> {
    return this._client._request('POST', `${this._path}/{id}/conversation`, { id }, options, body);
  }
}

// The group's `retrieve`: APIResource's at runtime (every group has it), typed and documented here.
export interface Agents {
  /**
   * Retrieves an agent.
   *
   * `GET /v1/agents/{id}`. Scope `agents:read`.
   *
   * @throws 404 {@link NotFoundError} when the agent (`id`) does not exist.
   */
  retrieve(id: string, options?: RequestOptions): APIPromise<ResponseData<'agentsRetrieve'>>;
}
