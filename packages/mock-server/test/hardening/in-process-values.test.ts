// The control methods in-process take JavaScript values, which can hold what no JSON body can: a
// hole left by `delete snapshot.tables.agents[1]` (the way to drop a row that comes to mind). A hole
// is refused as a missing item, a 400 naming its place, and changes nothing: importState() threw a
// TypeError after emptying the state (every key then 401), createApiKey() stored an undefined scope.
// So is a function or a symbol in a snapshot, which structuredClone refused naming no field.
import { describe, expect, it } from 'vitest';
import { createMockServer, isMockApiError, type StateSnapshot } from '../../src/index.js';

/** What importState throws for `snapshot`: a MockApiError's status and details, else the error. */
function refusal(mock: ReturnType<typeof createMockServer>, snapshot: StateSnapshot) {
  try {
    mock.importState(snapshot);
  } catch (error) {
    if (!isMockApiError(error)) return error;
    return { status: error.status, details: error.details };
  }
  return 'imported';
}

describe('importState() with a hole in a list', () => {
  const cases: [string, (s: StateSnapshot) => void, string][] = [
    ['workspaces', (s) => delete s.workspaces[1], 'workspaces[1]'],
    ['api_keys', (s) => delete s.api_keys[1], 'api_keys[1]'],
    ['a table', (s) => delete s.tables.agents[1], 'tables.agents[1]'],
  ];

  it.each(cases)('refuses one in %s, naming it, and changes nothing', async (_, edit, field) => {
    const mock = createMockServer({ clock: 'manual', seed: 'demo' });
    // A second workspace and key, which nothing else names: the hole is the only problem.
    mock.createWorkspace();
    mock.createApiKey({ scopes: 'all', workspace_id: '00000000-0000-4000-8000-000000000001' });
    const before = mock.exportState();
    const snapshot = mock.exportState();
    edit(snapshot);
    expect(refusal(mock, snapshot)).toEqual({
      status: 400,
      details: [{ field, rule: 'type', message: `${field}: must be an object` }],
    });
    expect(mock.exportState()).toEqual(before);
    const res = await mock.fetch('http://127.0.0.1:4010/v1/agents', {
      headers: { 'x-api-key': 'demo-key-all-scopes' },
    });
    expect(res.status).toBe(200);
    mock.dispose();
  });
});

describe('a control method given a list with a hole', () => {
  it('createApiKey refuses a hole in scopes (the key was made with an undefined scope, which no export imported again)', () => {
    const mock = createMockServer({ seed: 'demo' });
    const scopes = ['agents:read', 'agents:write'];
    delete scopes[0];
    let thrown: unknown;
    try {
      mock.createApiKey({ scopes });
    } catch (error) {
      thrown = error;
    }
    expect(isMockApiError(thrown) && thrown.details).toEqual([
      {
        field: 'scopes[0]',
        rule: 'enum',
        message: expect.stringMatching(/^scopes\[0\]: "undefined" is not a scope of Variant A/),
      },
    ]);
    expect(mock.exportState().api_keys).toHaveLength(1);
    mock.dispose();
  });
});

describe('importState() with a value no JSON holds', () => {
  it.each([
    ['a function', () => 'Support'],
    ['a symbol', Symbol('Support')],
  ])(
    'refuses %s, naming the field, and changes nothing (it threw "could not be cloned")',
    (_, value) => {
      const mock = createMockServer({ seed: 'demo' });
      const before = mock.exportState();
      const snapshot = mock.exportState();
      (snapshot.tables.agents[1] as unknown as Record<string, unknown>).name = value;
      expect(refusal(mock, snapshot)).toEqual({
        status: 400,
        details: [
          {
            field: 'tables.agents[1].name',
            rule: 'type',
            message: `tables.agents[1].name: must be a JSON value, not a ${typeof value}`,
          },
        ],
      });
      expect(mock.exportState()).toEqual(before);
      mock.dispose();
    },
  );
});

describe("the other lists a control method takes, with a hole (a fault's details, an MCP server's tools)", () => {
  /** The details of the MockApiError `act` throws, or what it returned. */
  function detailsOf(act: () => unknown) {
    try {
      return act();
    } catch (error) {
      return isMockApiError(error) ? error.details : error;
    }
  }

  it("faults.add refuses a hole in a fault's details and adds nothing", () => {
    const mock = createMockServer({ seed: 'demo' });
    const details = [
      { field: 'name', rule: 'required', message: 'name: required' },
      { field: 'name', rule: 'type', message: 'name: must be a string' },
    ];
    delete details[0];
    expect(detailsOf(() => mock.faults.add({ path: '/v1/agents', status: 400, details }))).toEqual([
      { field: 'details[0]', rule: 'type', message: 'details[0]: must be an object' },
    ]);
    expect(mock.faults.list()).toEqual([]);
    mock.dispose();
  });

  it("setMcpServer refuses a hole in its tools and leaves the server's", async () => {
    const mock = createMockServer({ seed: 'demo' });
    const res = await mock.fetch('http://127.0.0.1:4010/v1/mcp-servers', {
      method: 'POST',
      headers: { 'x-api-key': 'demo-key-all-scopes', 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Docs', url: 'https://mcp.example.com' }),
    });
    const { id } = ((await res.json()) as { data: { id: string } }).data;
    const before = mock.exportState();
    const tools = [{ name: 'search' }, { name: 'fetch' }];
    delete tools[1];
    expect(detailsOf(() => mock.setMcpServer(id, { tools: tools as never }))).toEqual([
      { field: 'tools[1]', rule: 'type', message: 'tools[1]: must be an object' },
    ]);
    expect(mock.exportState()).toEqual(before);
    mock.dispose();
  });
});
