import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

/** A request the receiver got. */
export interface Received {
  /** The request target: path and query. */
  path: string;
  headers: IncomingHttpHeaders;
  /** The raw body bytes as text. */
  body: string;
  // biome-ignore lint/suspicious/noExplicitAny: the JSON body, asserted on by tests.
  json: any;
}

/**
 * How the receiver answers one request: a status; never (`hang`); a reset connection; or a status
 * with a redirect `location`, sent after `delayMs` of real time or once `after` settles (`closed` is
 * called when the response is done with: `sent` whole, or cut off by the client).
 */
export type Answer =
  | number
  | 'hang'
  | 'reset'
  | {
      status: number;
      location?: string;
      delayMs?: number;
      after?: Promise<unknown>;
      closed?: (sent: boolean) => void;
    };

/** An answer held back until the test calls `release` (a receiver that takes its time). */
export function heldAnswer(status = 200): {
  answer: { status: number; after: Promise<void> };
  release: () => void;
} {
  let release = () => {};
  const after = new Promise<void>((resolve) => {
    release = resolve;
  });
  return { answer: { status, after }, release };
}

/** A local webhook receiver on 127.0.0.1 that records every request and answers as told. */
export interface Receiver {
  url: string;
  received: Received[];
  /** Answers for the next requests, in order; after them, `fallback`. */
  answers: Answer[];
  fallback: Answer;
  close(): Promise<void>;
}

/** Starts a receiver (port 0); by default it answers 200. */
export async function startReceiver(fallback: Answer = 200): Promise<Receiver> {
  const sockets = new Set<Socket>();
  const hanging: ServerResponse[] = [];
  const receiver = { received: [] as Received[], answers: [] as Answer[], fallback } as Receiver;
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      receiver.received.push({
        path: req.url ?? '',
        headers: req.headers,
        body,
        json: JSON.parse(body),
      });
      const answer = receiver.answers.shift() ?? receiver.fallback;
      if (answer === 'hang') hanging.push(res);
      else if (answer === 'reset') req.socket.destroy();
      else if (typeof answer === 'number') res.writeHead(answer).end();
      else {
        const send = () => {
          if (res.destroyed) return;
          res.writeHead(answer.status, answer.location ? { location: answer.location } : {}).end();
        };
        if (answer.closed) res.once('close', () => answer.closed?.(res.writableFinished));
        if (answer.after !== undefined) void answer.after.then(send);
        else if (answer.delayMs) setTimeout(send, answer.delayMs);
        else send();
      }
    });
  });
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  receiver.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`;
  receiver.close = () =>
    new Promise<void>((resolve) => {
      for (const res of hanging) res.destroy();
      for (const s of sockets) s.destroy();
      server.close(() => resolve());
    });
  return receiver;
}

/** Checks a delivery's signature with node:crypto, independently of the code that signed it. */
export function signatureValid(variant: 'A' | 'B', secret: string, got: Received): boolean {
  const header =
    variant === 'A' ? got.headers['x-webhook-signature'] : got.headers['x-service-signature'];
  if (typeof header !== 'string' || !/^sha256=[0-9a-f]{64}$/.test(header)) return false;
  const signed = variant === 'A' ? `${got.headers['x-webhook-timestamp']}.${got.body}` : got.body;
  const expected = createHmac('sha256', Buffer.from(secret, 'utf8'))
    .update(signed, 'utf8')
    .digest();
  return timingSafeEqual(expected, Buffer.from(header.slice(7), 'hex'));
}
