import { describe, expect, it } from 'vitest';
import { nodeVersionProblem } from './node-version-problem.js';

describe('nodeVersionProblem', () => {
  it('refuses Node.js before 20, naming the version and what to install', () => {
    expect(nodeVersionProblem('v18.20.4')).toBe(
      "needs Node.js 20 or later; this is Node.js v18.20.4 (install a current one: https://nodejs.org/en/download, or the node:22 image; Debian's apt package is Node.js 18)",
    );
    expect(nodeVersionProblem('v16.0.0')).toMatch(/^needs Node.js 20 or later; /);
  });

  it('takes Node.js 20 and later, and a version it cannot read (no false alarm)', () => {
    for (const version of ['v20.0.0', 'v20.20.2', 'v22.1.0', 'v26.0.0', 'nightly']) {
      expect(nodeVersionProblem(version)).toBeUndefined();
    }
  });
});
