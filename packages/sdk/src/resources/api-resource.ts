import type { AgentPlatform } from '../client.js';
import type { APIPromise } from '../core/api-promise.js';
import type { RequestOptions } from '../core/request-options.js';
import type { paths } from '../generated/schema.js';

/**
 * Base of the resource groups: each maps its methods onto the client's one request pipeline. A
 * group's paths are written from `_path` (`${this._path}/{id}`), typed as the spec's paths all the
 * same: every method then reads alike in each group, which the browser bundle compresses better.
 */
export class APIResource<Path extends string = string> {
  // Set by the constructor: `declare` spares an emitted field declaration.
  /** @internal The client whose pipeline the methods call (its name is shortened in the build). */
  declare protected readonly _client: AgentPlatform;
  /** @internal The path the group's paths begin with (`/v1/agents`). */
  declare protected readonly _path: Path;

  constructor(client: AgentPlatform, path: Path) {
    this._client = client;
    this._path = path;
  }

  /**
   * @internal `GET {_path}/{id}`, which every group has: written once here (19 B of the core), typed
   * and documented by each group's own declaration of it, merged into its class (`interface Agents`).
   */
  retrieve(id: string, options?: RequestOptions): APIPromise<unknown> {
    return this._client._request('GET', `${this._path}/{id}` as keyof paths, { id }, options);
  }
}
