// In-process, an option given as undefined is left out, as TypeScript's optional properties read it
// (`{ code: maybeCode }`, `{ limit: opts.limit }`): the control methods check their options as the
// control API checks JSON bodies, which have no undefined, and refused it ("code: must be a string").
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createMockServer, type MockServer } from '../../src/index.js';

let mock: MockServer;
beforeEach(() => {
  mock = createMockServer({ clock: 'manual' });
});
afterEach(() => mock.dispose());

describe('control methods given an option as undefined', () => {
  it('take it as left out, and keep what the caller passed unchanged', async () => {
    mock.reset({ seed: undefined });
    const workspace = mock.createWorkspace({ name: undefined });
    const key = mock.createApiKey({
      scopes: 'all',
      name: undefined,
      workspace_id: workspace.workspace_id,
    });
    const spec = { path: '/v1/agents', status: 503, code: undefined, times: undefined };
    mock.faults.add(spec);
    expect(spec).toEqual({ path: '/v1/agents', status: 503, code: undefined, times: undefined });
    expect(mock.faults.list()).toEqual([
      expect.objectContaining({ path: '/v1/agents', status: 503, times: 1, remaining: 1 }),
    ]);
    expect(Object.keys(mock.faults.list()[0] ?? {})).not.toContain('code');
    const res = await mock.fetch('/v1/agents', { headers: { 'x-api-key': key.key } });
    expect(res.status).toBe(503);
    expect(mock.requests({ limit: undefined, method: undefined, key_id: undefined })).toHaveLength(
      1,
    );
  });

  it('still refuses a value of the wrong type, naming the field', () => {
    expect(() => mock.faults.add({ path: '/v1/agents', status: 503, code: 7 as never })).toThrow(
      'code: must be a string',
    );
  });
});
