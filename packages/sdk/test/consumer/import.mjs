// The ESM build as an `import` user gets it: one call through the whole pipeline.
import assert from 'node:assert/strict';
import * as sdk from '../../dist/index.js';
import pipeline from './pipeline.cjs';

const { AgentPlatform, isNotFoundError, NotFoundError } = sdk;

const fetch = async (request) =>
  request.url.endsWith('/missing')
    ? new Response('{"error":{"code":"NOT_FOUND","message":"no","status":404}}', { status: 404 })
    : new Response('{"data":{"id":"a1"}}', { headers: { 'content-type': 'application/json' } });

const client = new AgentPlatform({ apiKey: 'k', baseUrl: 'http://api.test', fetch });
assert.deepEqual(await client.agents.retrieve('a1'), { id: 'a1' });
const error = await client.agents.retrieve('missing').catch((e) => e);
assert.ok(error instanceof NotFoundError && isNotFoundError(error));
await pipeline.exercise(sdk);
console.log('import (ESM): ok');
