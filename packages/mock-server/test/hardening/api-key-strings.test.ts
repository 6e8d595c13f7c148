// A key string of your choice (`POST /__mock/api-keys`, `createApiKey()`, an imported state's
// api_keys) must be one an x-api-key header carries as it is. `"my-test-key "` was made (201), but
// clients and the mock trim the header, so it answered 401 forever; a line break or a character
// outside ASCII made a key no header could send. Such a key is refused: 400 naming `key`, rule
// `pattern`, alike on the three ways in.
import { describe, expect, it } from 'vitest';
import { createMockServer, isMockApiError } from '../../src/index.js';
import { apiClient } from '../support/api.js';
import { useMock } from '../support/harness.js';
import { refusedImport } from '../support/state-fixtures.js';
import { type Transport, transports } from '../support/transports.js';

const MESSAGE =
  'key: must be printable ASCII (no control character, no line break) without a space at either end, as an x-api-key header carries it';

const unsendable = [
  ['a space at the end', 'my-test-key '],
  ['a space at the start', ' my-test-key'],
  ['a tab at the end', 'my-test-key\t'],
  ['a line break', 'my-test\nkey'],
  ['a carriage return', 'my-test\rkey'],
  ['a NUL', 'my-test\u0000key'],
  ['a DEL', 'my-test-key\u007f'],
  ['a Latin-1 letter', 'my-tést-key'],
  ['a non-Latin-1 character', 'my-test-key-€'],
  ['an emoji', 'my-test-key-🔑'],
];

describe('API key strings', () => {
  const h = useMock(transports[0] as Transport);

  it.each(unsendable)(
    'POST /__mock/api-keys refuses a key with %s (400 naming key)',
    async (_, key) => {
      const before = h.mock.exportState();
      const res = await h.call('POST', '/__mock/api-keys', { body: { scopes: 'all', key } });
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe('VALIDATION_ERROR');
      expect(res.body.error.details).toEqual([{ field: 'key', rule: 'pattern', message: MESSAGE }]);
      expect(h.mock.exportState()).toEqual(before);
    },
  );

  it.each(unsendable)('createApiKey() refuses a key with %s, as the route does', (_, key) => {
    let thrown: unknown;
    try {
      h.mock.createApiKey({ scopes: 'all', key });
    } catch (error) {
      thrown = error;
    }
    expect(isMockApiError(thrown)).toBe(true);
    expect(thrown).toMatchObject({
      status: 400,
      details: [{ field: 'key', rule: 'pattern', message: MESSAGE }],
    });
  });

  it.each(unsendable)('a state import refuses an API key with %s', async (_, key) => {
    expect(await refusedImport(h, (s) => (s.api_keys[0].key = key))).toEqual([
      { field: 'api_keys[0].key', rule: 'pattern', message: `api_keys[0].${MESSAGE}` },
    ]);
  });

  it('still takes the minimum length first, and the random keys', async () => {
    const short = await h.call('POST', '/__mock/api-keys', { body: { scopes: 'all', key: ' a ' } });
    expect(short.body.error.details).toEqual([
      { field: 'key', rule: 'minLength', message: 'key: must be at least 8 characters' },
    ]);
    expect(h.key).toMatch(/^ap_test_[0-9a-f]{48}$/);
  });

  it('refuses a key longer than 1024 characters', async () => {
    const long = await h.call('POST', '/__mock/api-keys', {
      body: { scopes: 'all', key: 'k'.repeat(1025) },
    });
    expect(long.body.error.details).toEqual([
      { field: 'key', rule: 'maxLength', message: 'key: must be at most 1024 characters' },
    ]);
  });

  // Every key taken is one each transport sends and the mock finds: through a real socket too.
  it.each(transports.map((t) => [t.name, t] as const))(
    'authenticates the keys it takes, inner spaces and punctuation included (%s)',
    async (_, transport) => {
      const mock = createMockServer({ clock: 'manual' });
      const connection = await transport.connect(mock);
      try {
        for (const key of [
          'my test key',
          '!"#$%&\'()*+,-./:;<=>?@[\\]^_`{|}~',
          'demo-key-2',
          'k'.repeat(1024),
        ]) {
          mock.createApiKey({ scopes: 'all', key });
          const res = await apiClient(connection, key)('GET', '/v1/me');
          expect(res.status, key).toBe(200);
        }
      } finally {
        await connection.close();
        mock.dispose();
      }
    },
  );
});
