import { describe, expect, it } from 'vitest';
import { fetchBadPortWarning } from './fetch-bad-port.js';

/** Whether Node's fetch refuses `port` as a bad port (it does so before connecting). */
async function fetchRefuses(port: number): Promise<boolean> {
  try {
    await fetch(`http://127.0.0.1:${port}/`, { signal: AbortSignal.timeout(5_000) });
    return false;
  } catch (error) {
    return (error as { cause?: { message?: string } }).cause?.message === 'bad port';
  }
}

describe('fetchBadPortWarning', () => {
  it('names a port fetch refuses, what refuses it and what to do', () => {
    expect(fetchBadPortWarning(6000)).toBe(
      "port 6000 is one the fetch standard blocks: the SDK, Node's fetch and browsers refuse to connect to it ('bad port'), though curl and other clients can; pick another --port (4010 is the default)",
    );
    for (const port of [0, 4010, 6001, 8080, 10081, 65535]) {
      expect(fetchBadPortWarning(port), String(port)).toBeUndefined();
    }
  });

  it("warns for exactly the ports Node's fetch refuses, around each one it lists", async () => {
    // Each listed port and its neighbours (a neighbour is refused by the connection, not as a bad
    // port: nothing listens there on loopback, or something does and answers).
    const ports = new Set<number>();
    for (let port = 1; port <= 10_081; port++) {
      if (fetchBadPortWarning(port) !== undefined) {
        for (const near of [port - 1, port, port + 1]) if (near > 0) ports.add(near);
      }
    }
    expect(ports.size).toBeGreaterThan(100);
    for (const port of ports) {
      expect(await fetchRefuses(port), String(port)).toBe(fetchBadPortWarning(port) !== undefined);
    }
  });
});
