import { expect, it } from 'vitest';
import { pagination } from './pagination.js';
import { mockEnv } from './support/mock-env.js';

it('pagination reads three pages, every item, and stops at maxItems', async () => {
  const { env, lines } = mockEnv();
  await pagination(env);
  expect(lines).toEqual([
    'page 1 of 3: 5 of 12 contacts',
    expect.stringMatching(/^page 1: (\d+, ){4}\d+$/),
    expect.stringMatching(/^page 2: (\d+, ){4}\d+$/),
    expect.stringMatching(/^page 3: \d+, \d+$/),
    'iterated 12 contacts',
    'with maxItems: 7, iterated 7',
  ]);
});
