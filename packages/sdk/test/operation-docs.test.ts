import { describe, expect, it } from 'vitest';
import { checkHovers, linesToWrite } from './support/operation-docs.js';

// What an editor shows on hovering each method: a one-line summary (STYLE), then its operation's
// route and scopes and the errors the spec documents for it, as spec/openapi.yaml says them. A
// change to the spec that a method's doc comment does not follow fails here, with the lines to
// write. test/declarations/ checks the same of the built declarations, which users' editors read.
describe("each method's hover says what the spec says of its operation", () => {
  checkHovers('../src/index.js');
});

describe('a doc comment that does not say it', () => {
  it('is told the lines to write after its summary, as they go in the source', () => {
    expect(linesToWrite('agentsRetrieve')).toBe(
      [
        '   *',
        '   * `GET /v1/agents/{id}`. Scope `agents:read`.',
        '   *',
        '   * @throws 404 {@link NotFoundError} when the agent (`id`) does not exist.',
      ].join('\n'),
    );
    expect(linesToWrite('agentsList')).toBe('   *\n   * `GET /v1/agents`. Scope `agents:read`.');
  });
});
