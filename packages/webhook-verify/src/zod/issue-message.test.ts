import { describe, expect, it } from 'vitest';
import type { core } from 'zod';
import { issueMessage } from './issue-message.js';

describe('issueMessage', () => {
  it("keeps zod's message for a union that failed with no branch errors (a oneOf matched twice)", () => {
    const issue = { code: 'invalid_union', errors: [], path: [], message: 'Invalid input' };
    expect(issueMessage(issue as unknown as core.$ZodIssue, 'x')).toBe('Invalid input');
  });
});
