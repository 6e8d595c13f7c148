import { describe, expect, it } from 'vitest';
import { listOperations, loadSpec } from './load-spec.js';

// Teams that generate their own client and docs from spec/openapi.yaml read it through other tools:
// Spectral's spectral:oas ruleset warns on an operation without a description, and a rendered
// reference shows the summary as a title with nothing under it.
const spec = loadSpec();

describe('spec/openapi.yaml read as documentation', () => {
  it('describes every operation beyond its summary (spectral:oas operation-description)', () => {
    const bare = listOperations(spec)
      .filter(({ op }) => typeof op.description !== 'string' || op.description.trim() === '')
      .map(({ method, path }) => `${method} ${path}`);
    expect(bare).toEqual([]);
  });
});
