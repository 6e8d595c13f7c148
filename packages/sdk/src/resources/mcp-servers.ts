import type { APIPromise } from '../core/api-promise.js';
import type { PagePromise } from '../core/pagination.js';
import type { ListOptions, RequestOptions } from '../core/request-options.js';
import type { ListItem, QueryParams, RequestBody, ResponseData } from '../operation-types.js';
import { APIResource } from './api-resource.js';

/** `/v1/mcp-servers` and `/v1/agent/{id}/mcp`: MCP servers, their tools, their links to agents. */
export class McpServers extends APIResource<'/v1/mcp-servers'> {
  /** Lists MCP servers. */
  list(
    query?: QueryParams<'mcpServersList'>,
    options?: ListOptions,
  ): PagePromise<ListItem<'mcpServersList'>> {
    return this._client._list(this._path, {}, options, query);
  }

  /** Registers an MCP server. */
  create(
    body: RequestBody<'mcpServersCreate'>,
    options?: RequestOptions,
  ): APIPromise<ResponseData<'mcpServersCreate'>> {
    return this._client._request('POST', this._path, {}, options, body);
  }

  /** Retrieves an MCP server. */
  retrieve(id: string, options?: RequestOptions): APIPromise<ResponseData<'mcpServersRetrieve'>> {
    return this._client._request('GET', `${this._path}/{id}`, { id }, options);
  }

  /** Updates an MCP server. */
  update(
    id: string,
    body: RequestBody<'mcpServersUpdate'>,
    options?: RequestOptions,
  ): APIPromise<ResponseData<'mcpServersUpdate'>> {
    return this._client._request('PUT', `${this._path}/{id}`, { id }, options, body);
  }

  /** Removes an MCP server. */
  delete(id: string, options?: RequestOptions): APIPromise<void> {
    return this._client._request('DELETE', `${this._path}/{id}`, { id }, options);
  }

  /** Lists a server's tools. */
  listTools(
    id: string,
    query?: QueryParams<'mcpServersListTools'>,
    options?: ListOptions,
  ): PagePromise<ListItem<'mcpServersListTools'>> {
    return this._client._list(`${this._path}/{id}/tools`, { id }, options, query);
  }

  /** Enables or disables a tool. */
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

  /** Connects a server to an agent (idempotent). */
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

  /** Disconnects a server from an agent. */
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

  /** Lists the servers connected to an agent. */
  listForAgent(
    agentId: string,
    query?: QueryParams<'mcpServersListForAgent'>,
    options?: ListOptions,
  ): PagePromise<ListItem<'mcpServersListForAgent'>> {
    return this._client._list('/v1/agent/{id}/mcp', { id: agentId }, options, query);
  }
}
