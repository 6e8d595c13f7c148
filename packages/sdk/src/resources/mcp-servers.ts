import type { APIPromise } from '../core/api-promise.js';
import type { NotFoundError } from '../core/errors.js'; // The doc comments' {@link}s
import type { PagePromise } from '../core/pagination.js';
import type { ListOptions, RequestOptions } from '../core/request-options.js';
import type { ListItem, QueryParams, RequestBody, ResponseData } from '../operation-types.js';
import { APIResource } from './api-resource.js';

/** `/v1/mcp-servers` and `/v1/agent/{id}/mcp`: MCP servers, their tools, their links to agents. */
// biome-ignore lint/suspicious/noUnsafeDeclarationMerging: `retrieve` is APIResource's, declared in the interface below
export class McpServers extends APIResource<'/v1/mcp-servers'> {
  /**
   * Lists MCP servers.
   *
   * `GET /v1/mcp-servers`. Scope `mcp:read` in Variant A, `mcp-servers:manage` in Variant B.
   */
  list(
    query?: QueryParams<'mcpServersList'>,
    options?: ListOptions,
  ): PagePromise<ListItem<'mcpServersList'>> {
    return this._client._list(this._path, undefined, options, query);
  }

  /**
   * Registers an MCP server.
   *
   * `POST /v1/mcp-servers`. Scope `mcp:write` in Variant A, `mcp-servers:manage` in Variant B.
   */
  create(
    body: RequestBody<'mcpServersCreate'>,
    options?: RequestOptions,
  ): APIPromise<ResponseData<'mcpServersCreate'>> {
    return this._client._request('POST', this._path, undefined, options, body);
  }

  /**
   * Updates an MCP server.
   *
   * `PUT /v1/mcp-servers/{id}`. Scope `mcp:write` in Variant A, `mcp-servers:manage` in Variant B.
   *
   * @throws 404 {@link NotFoundError} when the MCP server (`id`) does not exist.
   */
  update(
    id: string,
    body: RequestBody<'mcpServersUpdate'>,
    options?: RequestOptions,
  ): APIPromise<ResponseData<'mcpServersUpdate'>> {
    return this._client._request('PUT', `${this._path}/{id}`, { id }, options, body);
  }

  /**
   * Removes an MCP server.
   *
   * `DELETE /v1/mcp-servers/{id}`. Scope `mcp:write` in Variant A, `mcp-servers:manage` in Variant
   * B.
   *
   * @throws 404 {@link NotFoundError} when the MCP server (`id`) does not exist.
   */
  delete(id: string, options?: RequestOptions): APIPromise<void> {
    return this._client._request('DELETE', `${this._path}/{id}`, { id }, options);
  }

  /**
   * Lists a server's tools.
   *
   * `GET /v1/mcp-servers/{id}/tools`. Scope `mcp:read` in Variant A, `mcp-servers:manage` in
   * Variant B.
   *
   * @throws 404 {@link NotFoundError} when the MCP server (`id`) does not exist.
   */
  listTools(
    id: string,
    query?: QueryParams<'mcpServersListTools'>,
    options?: ListOptions,
  ): PagePromise<ListItem<'mcpServersListTools'>> {
    return this._client._list(`${this._path}/{id}/tools`, { id }, options, query);
  }

  /**
   * Enables or disables a tool.
   *
   * `PUT /v1/mcp-servers/{id}/tools/{toolName}`. Scope `mcp:write` in Variant A,
   * `mcp-servers:manage` in Variant B.
   *
   * @throws 404 {@link NotFoundError} when the MCP server (`id`) does not exist, or has no tool
   *   named `toolName`.
   */
  updateTool(
    id: string,
    toolName: string,
    body: RequestBody<'mcpServersUpdateTool'>,
    options?: RequestOptions,
  ): APIPromise<ResponseData<'mcpServersUpdateTool'>> {
    return this._client._request(
      'PUT',
      `${this._path}/{id}/tools/{toolName}`,
      { id, toolName },
      options,
      body,
    );
  }

  /**
   * Connects a server to an agent (idempotent).
   *
   * `POST /v1/agent/{id}/mcp/connect`. Scope `mcp:write` in Variant A, `mcp-servers:manage` in
   * Variant B.
   *
   * @throws 404 {@link NotFoundError} when the agent (`id`) or the body's MCP server (`mcp_id`)
   *   does not exist.
   */
  connect(
    agentId: string,
    body: RequestBody<'mcpServersConnect'>,
    options?: RequestOptions,
  ): APIPromise<ResponseData<'mcpServersConnect'>> {
    return this._client._request(
      'POST',
      '/v1/agent/{id}/mcp/connect',
      { id: agentId },
      options,
      body,
    );
  }

  /**
   * Disconnects a server from an agent.
   *
   * `POST /v1/agent/{id}/mcp/disconnect`. Scope `mcp:write` in Variant A, `mcp-servers:manage` in
   * Variant B.
   *
   * @throws 404 {@link NotFoundError} when the agent (`id`) or the body's MCP server (`mcp_id`)
   *   does not exist.
   */
  disconnect(
    agentId: string,
    body: RequestBody<'mcpServersDisconnect'>,
    options?: RequestOptions,
  ): APIPromise<ResponseData<'mcpServersDisconnect'>> {
    return this._client._request(
      'POST',
      '/v1/agent/{id}/mcp/disconnect',
      { id: agentId },
      options,
      body,
    );
  }

  /**
   * Lists the servers connected to an agent.
   *
   * `GET /v1/agent/{id}/mcp`. Scope `mcp:read` in Variant A, `mcp-servers:manage` in Variant B.
   *
   * @throws 404 {@link NotFoundError} when the agent (`id`) does not exist.
   */
  listForAgent(
    agentId: string,
    query?: QueryParams<'mcpServersListForAgent'>,
    options?: ListOptions,
  ): PagePromise<ListItem<'mcpServersListForAgent'>> {
    return this._client._list('/v1/agent/{id}/mcp', { id: agentId }, options, query);
  }
}

// The group's `retrieve`: APIResource's at runtime (every group has it), typed and documented here.
export interface McpServers {
  /**
   * Retrieves an MCP server.
   *
   * `GET /v1/mcp-servers/{id}`. Scope `mcp:read` in Variant A, `mcp-servers:manage` in Variant B.
   *
   * @throws 404 {@link NotFoundError} when the MCP server (`id`) does not exist.
   */
  retrieve(id: string, options?: RequestOptions): APIPromise<ResponseData<'mcpServersRetrieve'>>;
}
