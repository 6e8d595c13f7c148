import { describe, expect, it } from 'vitest';
import { addDeadline, pending } from './deadlines.js';

const fired = (deadlines: string[], name: string) => () => deadlines.push(name);

describe('deadlines', () => {
  it('fires every due deadline on the one timer, and never a removed one', async () => {
    const seen: string[] = [];
    const long = addDeadline(60_000, fired(seen, 'long'));
    addDeadline(5, fired(seen, 'short'));
    const removed = addDeadline(1, fired(seen, 'removed'));
    pending.delete(removed);
    await new Promise<void>((resolve) => addDeadline(10, resolve));
    expect(seen).toEqual(['short']);
    pending.delete(long);
  });

  it('re-arms for a later deadline after an earlier one fired', async () => {
    const seen: string[] = [];
    addDeadline(1, fired(seen, 'first'));
    await new Promise<void>((resolve) =>
      addDeadline(8, () => {
        seen.push('second');
        resolve();
      }),
    );
    expect(seen).toEqual(['first', 'second']);
  });
});
