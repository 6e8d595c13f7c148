// The CJS build as a `require` user gets it: one call through the whole pipeline.
const assert = require('node:assert/strict');
const sdk = require('../../dist/index.cjs');
const { exercise } = require('./pipeline.cjs');

const { AgentPlatform, NotFoundError, isNotFoundError } = sdk;

const fetch = async (request) =>
  request.url.endsWith('/missing')
    ? new Response('{"error":{"code":"NOT_FOUND","message":"no","status":404}}', { status: 404 })
    : new Response('{"data":{"id":"a1"}}', { headers: { 'content-type': 'application/json' } });

const client = new AgentPlatform({ apiKey: 'k', baseUrl: 'http://api.test', fetch });
client.agents
  .retrieve('a1')
  .then((agent) => {
    assert.deepEqual(agent, { id: 'a1' });
    return client.agents.retrieve('missing').then(
      () => assert.fail('expected a 404'),
      (error) => {
        assert.ok(error instanceof NotFoundError && isNotFoundError(error));
        return exercise(sdk).then(() => console.log('require (CJS): ok'));
      },
    );
  })
  .catch((error) => {
    console.error(error);
    process.exitCode = 1;
  });
