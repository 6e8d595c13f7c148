import type { AgentPlatform } from '../client.js';

/** Base of the resource groups: each maps its methods onto the client's one request pipeline. */
export class APIResource {
  // Set by the constructor: `declare` spares an emitted field declaration.
  /** @internal The client whose pipeline the methods call (its name is shortened in the build). */
  declare protected readonly _client: AgentPlatform;

  constructor(client: AgentPlatform) {
    this._client = client;
  }
}
