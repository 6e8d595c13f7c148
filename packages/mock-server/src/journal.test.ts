import { describe, expect, it } from 'vitest';
import { Journal, journalBody, journalError } from './journal.js';

const entry = (n: number) => ({
  request_id: `r${n}`,
  at_ms: Date.UTC(2026, 10, 20, 10, 0, n),
  method: 'GET',
  path: '/v1/agents',
  query: '',
  headers: ['Accept', 'application/json', 'X-Api-Key', `key-${n}`],
  status: 200,
  key_id: null,
  operation_id: 'agentsList',
});

describe('Journal', () => {
  it('keeps the last `capacity` entries, oldest first, with ISO times', () => {
    const journal = new Journal(3);
    for (let n = 1; n <= 7; n++) journal.add(entry(n));
    const list = journal.list();
    expect(list.map((e) => e.request_id)).toEqual(['r5', 'r6', 'r7']);
    expect(list[0]?.at).toBe('2026-11-20T10:00:05.000Z');
    // The headers as sent, read when the journal is.
    expect(list[0]?.headers).toEqual({ accept: 'application/json', 'x-api-key': '[redacted]' });
  });

  it('lists the newest `limit` entries, oldest first, across the wrap of the ring', () => {
    const journal = new Journal(3);
    for (let n = 1; n <= 5; n++) journal.add(entry(n));
    expect(journal.list(2).map((e) => e.request_id)).toEqual(['r4', 'r5']);
    expect(journal.list(9).map((e) => e.request_id)).toEqual(['r3', 'r4', 'r5']);
  });

  it('filters before the limit: the newest `limit` of the entries kept, across the wrap', () => {
    const journal = new Journal(4);
    for (let n = 1; n <= 6; n++) journal.add({ ...entry(n), status: n % 2 === 0 ? 404 : 200 });
    const odd = (e: { status: number }) => e.status === 200;
    expect(journal.list(undefined, odd).map((e) => e.request_id)).toEqual(['r3', 'r5']);
    expect(journal.list(1, odd).map((e) => e.request_id)).toEqual(['r5']);
  });

  it('keeps everything below capacity, nothing at capacity 0, and forgets on clear', () => {
    const journal = new Journal(10);
    journal.add(entry(1));
    journal.add(entry(2));
    expect(journal.list().map((e) => e.request_id)).toEqual(['r1', 'r2']);
    journal.clear();
    expect(journal.list()).toEqual([]);
    const none = new Journal(0);
    none.add(entry(1));
    expect(none.list()).toEqual([]);
  });

  it("keeps an error answer's code and the first 1000 characters of its message", () => {
    const short = { code: 'VALIDATION_ERROR', message: 'email: must be an email address' };
    expect(journalError(short)).toEqual(short);
    // A misspelt field can be as long as the body (1 MiB), and the message names it.
    const long = journalError({ code: 'VALIDATION_ERROR', message: 'x'.repeat(5000) });
    expect(long).toEqual({ code: 'VALIDATION_ERROR', message: `${'x'.repeat(997)}...` });
    // 1000 characters are kept whole; one more is cut.
    const at = { code: 'VALIDATION_ERROR', message: 'y'.repeat(1000) };
    expect(journalError(at)).toEqual(at);
    expect(journalError({ ...at, message: 'y'.repeat(1001) }).message).toBe(
      `${'y'.repeat(997)}...`,
    );
  });

  it('keeps a body of 16 KiB whole, and of one byte more its first 16 KiB and "..."', () => {
    const bytes = (text: string) => new TextEncoder().encode(text);
    expect(journalBody(bytes('a'.repeat(16_384)))).toBe('a'.repeat(16_384));
    expect(journalBody(bytes('a'.repeat(16_385)))).toBe(`${'a'.repeat(16_384)}...`);
  });

  it('leaves out a character that the 16 KiB cut falls inside of, rather than writing U+FFFD', () => {
    // 'a' then two-byte 'é's: byte 16,384 is the first byte of an 'é', which the cut splits.
    const body = new TextEncoder().encode(`a${'é'.repeat(9000)}`);
    expect(journalBody(body)).toBe(`a${'é'.repeat(8191)}...`);
  });

  it('cuts an error message between characters, never inside a surrogate pair', () => {
    // Half of '😀' would be a lone surrogate, which GET /__mock/requests answers as "\ud83d": strict
    // JSON readers (serde_json) refuse it, the reason /v1 bodies may not hold one.
    const message = `${'x'.repeat(996)}${'😀'.repeat(10)}`;
    expect(journalError({ code: 'VALIDATION_ERROR', message }).message).toBe(
      `${'x'.repeat(996)}...`,
    );
  });

  it('forgets the entries a filter takes, keeping the rest in order across the wrap of the ring', () => {
    const journal = new Journal(4);
    for (let n = 1; n <= 6; n++) journal.add(entry(n));
    journal.remove((e) => e.request_id === 'r4' || e.request_id === 'r6');
    expect(journal.list().map((e) => e.request_id)).toEqual(['r3', 'r5']);
    for (let n = 7; n <= 9; n++) journal.add(entry(n));
    expect(journal.list().map((e) => e.request_id)).toEqual(['r5', 'r7', 'r8', 'r9']);
    journal.remove(() => true);
    expect(journal.list()).toEqual([]);
  });

  it('adds after the oldest once more when a remove forgot none of a full ring', () => {
    const journal = new Journal(3);
    for (let n = 1; n <= 4; n++) journal.add(entry(n));
    journal.remove((e) => e.request_id === 'r9');
    journal.add(entry(5));
    expect(journal.list().map((e) => e.request_id)).toEqual(['r3', 'r4', 'r5']);
  });
});
