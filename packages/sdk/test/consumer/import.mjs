// The ESM build as an `import` user gets it: one call through the whole pipeline.
import assert from 'node:assert/strict';
import { AgentPlatform, isNotFoundError, NotFoundError } from '../../dist/index.js';

const fetch = async (request) =>
  request.url.endsWith('/missing')
    ? new Response('{"error":{"code":"NOT_FOUND","message":"no","status":404}}', { status: 404 })
    : new Response('{"data":{"id":"a1"}}', { headers: { 'content-type': 'application/json' } });

const client = new AgentPlatform({ apiKey: 'k', baseUrl: 'http://api.test', fetch });
assert.deepEqual(await client.agents.retrieve('a1'), { id: 'a1' });
const error = await client.agents.retrieve('missing').catch((e) => e);
assert.ok(error instanceof NotFoundError && isNotFoundError(error));
console.log('import (ESM): ok');
