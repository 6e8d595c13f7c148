import { describe, expect, it } from 'vitest';
import { type Clock, createManualClock, createRealClock } from './clock.js';
import { createMockServer } from './create-mock-server.js';
import { MockApiError } from './errors.js';

describe('the manual clock', () => {
  // Handed to createMockServer({ clock }), a clock skips the startTime checks: NaN failed the demo
  // seed with `Invalid time value`, a string made now() a string and advance() NaN, -5 dated rows
  // before 1970, 1.5 read fractional milliseconds and 1e20 said `must be at most -999...`.
  it('starts only at a time the clock can hold, as startTime, refusing others naming start', () => {
    for (const start of [Number.NaN, '2024-01-01', null]) {
      expect(() => createManualClock(start as never), String(start)).toThrow(
        new TypeError(
          `start: must be milliseconds since the epoch, not ${typeof start === 'string' ? `"${start}"` : String(start)}`,
        ),
      );
    }
    for (const start of [-5, 1e20, Number.POSITIVE_INFINITY]) {
      expect(() => createManualClock(start), String(start)).toThrow(
        'start: must be from 1970-01-01T00:00:00.000Z to 9999-12-01T00:00:00.000Z (the range of the mock clock)',
      );
    }
    // A fraction is dropped, as new Date(1.5) and startTime drop it: the clock reads whole ms.
    expect(createManualClock(1000.9).now()).toBe(1000);
  });

  it('runs due timers in time order, then creation order, each at its own time', async () => {
    const clock = createManualClock(1000);
    const ran: string[] = [];
    clock.schedule(300, () => ran.push(`c@${clock.now()}`));
    clock.schedule(100, () => ran.push(`a@${clock.now()}`));
    clock.schedule(100, () => ran.push(`b@${clock.now()}`));
    expect(await clock.advance(99)).toBe(1099);
    expect(ran).toEqual([]);
    await clock.advance(500);
    expect(ran).toEqual(['a@1100', 'b@1100', 'c@1300']);
    expect(clock.now()).toBe(1599);
  });

  it('runs a timer whose delay is no number at once, as setTimeout and the real clock do, the rest in order', async () => {
    // A delay computed from an invalid date (NaN) compares as neither before nor after any other:
    // in the heap it ran the timers out of time order and left the clock reading NaN.
    const clock = createManualClock(0);
    const ran: string[] = [];
    for (const ms of [50, 10, 40]) clock.schedule(ms, () => ran.push(`${ms}@${clock.now()}`));
    clock.schedule(Number.NaN, () => ran.push(`NaN@${clock.now()}`));
    for (const ms of [30, 20, 60, 5, 45, 15, 35]) {
      clock.schedule(ms, () => ran.push(`${ms}@${clock.now()}`));
    }
    expect(await clock.advance(100)).toBe(100);
    expect(ran).toEqual([
      'NaN@0',
      ...[5, 10, 15, 20, 30, 35, 40, 45, 50, 60].map((ms) => `${ms}@${ms}`),
    ]);
  });

  it('runs timers scheduled by timers when they fall due within the same advance', async () => {
    const clock = createManualClock(0);
    const ran: number[] = [];
    clock.schedule(10, () => {
      ran.push(clock.now());
      clock.schedule(10, () => ran.push(clock.now()));
    });
    await clock.advance(100);
    expect(ran).toEqual([10, 20]);
  });

  it('awaits the settlers before every step and cancels cleared timers', async () => {
    const clock = createManualClock(0);
    const log: string[] = [];
    clock.onBeforeStep(async () => {
      log.push(`settle@${clock.now()}`);
    });
    const id = clock.schedule(5, () => log.push('never'));
    clock.schedule(10, () => log.push('timer@10'));
    clock.clear(id);
    await clock.advance(20);
    expect(log).toEqual(['settle@0', 'timer@10', 'settle@10']);
    expect(clock.pending()).toBe(0);
  });

  it('never goes back when advances overlap: each ends at least its own ms later', async () => {
    // Two SDK retries sleeping at once on the mock's clock: the shorter one finishes last.
    const clock = createManualClock(0);
    const [long, short] = await Promise.all([clock.advance(10_000), clock.advance(5_000)]);
    expect(long).toBe(10_000);
    expect(short).toBeGreaterThanOrEqual(5_000);
    expect(clock.now()).toBe(10_000);
  });

  it('runs an advance that a timer starts inside the advance running that timer', async () => {
    const clock = createManualClock(10_000);
    const readings: number[] = [];
    clock.onBeforeStep(async () => {
      readings.push(clock.now());
    });
    clock.schedule(1000, async () => {
      readings.push(await clock.advance(500));
    });
    await clock.advance(10_000);
    readings.push(clock.now());
    expect(readings.at(-2)).toBe(11_500);
    expect(clock.now()).toBe(20_000);
    expect(readings).toEqual([...readings].sort((a, b) => a - b));
  });

  it('refuses to go back, with the 400 the control API answers', async () => {
    await expect(createManualClock(0).advance(-1)).rejects.toMatchObject({
      status: 400,
      code: 'VALIDATION_ERROR',
      details: [{ field: 'ms', rule: 'minimum', message: 'ms: must be at least 0' }],
    });
    // A string is refused, as the control API's {"ms": "1000"} is, not read as a number.
    await expect(createManualClock(0).advance('1000' as never)).rejects.toMatchObject({
      status: 400,
      details: [{ field: 'ms', rule: 'type', message: 'ms: must be a number' }],
    });
    const last = Date.UTC(9999, 11, 1);
    const past = createManualClock(0).advance(last + 1);
    await expect(past).rejects.toBeInstanceOf(MockApiError);
    await expect(past).rejects.toThrow(/^ms: must be at most \d+ \(.*cannot pass 9999-12-01T/);
    expect(await createManualClock(0).advance(last)).toBe(last);
  });

  it('refuses to move a real clock with the 409 the control API answers, the amount checked first', async () => {
    const clock = createRealClock();
    await expect(clock.advance(10)).rejects.toMatchObject({ status: 409, code: 'CONFLICT' });
    await expect(clock.advance(-1)).rejects.toMatchObject({
      status: 400,
      code: 'VALIDATION_ERROR',
    });
  });
});

describe('a Clock of your own', () => {
  // 895811e gave onBeforeStep's settler an argument, the advance it is a step of: a Clock written
  // before it (or one with no advances of its own) calls it with none, which must type-check and
  // settle with the whole grace, as a settle() does.
  it('may call what onBeforeStep registers without an advance', async () => {
    const inner = createManualClock(Date.UTC(2026, 10, 20));
    const settlers: (() => Promise<void>)[] = [];
    const clock: Clock = {
      ...inner,
      mode: inner.mode,
      onBeforeStep(settle) {
        settlers.push(() => settle());
        return inner.onBeforeStep(settle);
      },
    };
    const mock = createMockServer({ clock });
    expect(settlers).toHaveLength(1);
    await expect(settlers[0]?.()).resolves.toBeUndefined();
    mock.dispose();
  });
});
