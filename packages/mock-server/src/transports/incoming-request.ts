import type { IncomingMessage } from 'node:http';
import type { ApiRequest } from '../http/api-request.js';
import { normalizePath } from '../http/normalize-path.js';
import { bodyLimit, tooLarge, unreadable } from '../http/read-body.js';

/**
 * A node:http request as the core reads it; its body is read up to its `bodyLimit`, after
 * `beforeRead` (which sends the 100 a client with `Expect: 100-continue` waits for). `signal`
 * aborts when its connection closes: nobody is left to read the answer.
 */
export function fromIncoming(
  req: IncomingMessage,
  { path, search }: Target,
  drainBudgetMs: number,
  signal: AbortSignal,
  beforeRead: () => void,
): ApiRequest {
  const method = req.method ?? 'GET';
  return {
    method,
    path,
    search,
    sentHeaders: req.rawHeaders,
    header: (name) => headerOf(req, name),
    readBody: () => {
      beforeRead();
      return readIncoming(req, bodyLimit(method, path), drainBudgetMs);
    },
    signal,
  };
}

/**
 * Reads a request body up to `limit` (its `bodyLimit`); beyond, 413, while the rest is read and
 * dropped (for at most `drainBudgetMs`, then the connection is cut) so that the client can read
 * the answer.
 */
function readIncoming(
  req: IncomingMessage,
  limit: number,
  drainBudgetMs: number,
): Promise<Uint8Array> {
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > limit) {
    drain(req, drainBudgetMs);
    return Promise.reject(tooLarge(limit));
  }
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.byteLength;
      if (size > limit) {
        req.removeAllListeners('data');
        drain(req, drainBudgetMs);
        reject(tooLarge(limit));
      } else chunks.push(chunk);
    });
    req.on('end', () =>
      resolve(chunks.length === 1 ? (chunks[0] as Buffer) : Buffer.concat(chunks)),
    );
    // The client went away mid-body (or the server was closed): nobody reads the answer, and it
    // is not the server's failure.
    req.on('error', () => reject(unreadable('the connection closed before it ended')));
  });
}

/**
 * The path and query of a request target: `GET http://host/v1/agents` (absolute form, as clients
 * speaking through a proxy send it, which RFC 9112 says servers must accept) is `/v1/agents`.
 */
function originForm(target: string): string {
  if (!/^https?:\/\//i.test(target)) return target;
  try {
    const url = new URL(target);
    return url.pathname + url.search;
  } catch {
    return target;
  }
}

/** A request target's path, and its query string with its `?` (or empty). */
export interface Target {
  path: string;
  search: string;
}

/** The target of a request, in origin or absolute form, as its path (normalized) and query. */
export function targetOf(req: IncomingMessage): Target {
  const raw = originForm(req.url ?? '/');
  const q = raw.indexOf('?');
  const path = normalizePath(q < 0 ? raw : raw.slice(0, q));
  return { path, search: q < 0 ? '' : raw.slice(q) };
}

/** One request header as the pipeline reads them (repeated ones joined). */
export function headerOf(req: IncomingMessage, name: string): string | null {
  // Each value, joined as fetch's Headers joins them: `headers` keeps only the first of a
  // Content-Type (or User-Agent...) sent twice, and a second, application/json, passed unseen.
  // Read from rawHeaders: `headersDistinct` built a second object of every header for each
  // request, some 1 µs, where the few names asked take a tenth of it.
  const key = name.toLowerCase();
  const raw = req.rawHeaders;
  let joined: string | null = null;
  for (let i = 0; i + 1 < raw.length; i += 2) {
    const sent = raw[i] as string;
    if (sent.length === key.length && sent.toLowerCase() === key) {
      joined = joined === null ? (raw[i + 1] as string) : `${joined}, ${raw[i + 1]}`;
    }
  }
  return joined;
}

/** Requests whose oversized body is being read and dropped. */
const draining = new WeakSet<IncomingMessage>();

/** True for a request whose oversized body is being read and dropped (after its 413). */
export function isDraining(req: IncomingMessage): boolean {
  return draining.has(req);
}

/** True for a request that waits for a `100 Continue` before it sends its body. */
export function expectsContinue(req: IncomingMessage): boolean {
  return String(req.headers.expect).toLowerCase() === '100-continue';
}

/**
 * Reads and drops the rest of a body to its end, cutting the connection if it has not ended within
 * `budgetMs` of real time (a client sending slowly, or a length it never sends).
 */
function drain(req: IncomingMessage, budgetMs: number): void {
  draining.add(req);
  const { socket } = req;
  const cut = setTimeout(() => socket.destroy(), budgetMs);
  cut.unref?.();
  const stop = () => {
    clearTimeout(cut);
    socket.off('close', stop);
  };
  req.once('end', stop);
  socket.once('close', stop);
  req.resume();
}
