import { parseRateLimit, type RateLimitInfo } from './rate-limit.js';

/** A parsed response body with the response it came from. */
export interface RawResult {
  body: unknown;
  response: Response;
}

/** The data of a call together with its response, from `.withResponse()`. */
export interface WithResponse<T> {
  /** What awaiting the call resolves to: the response's unwrapped `data`. */
  data: T;
  /** The fetch `Response`, its body already read: the status and headers. */
  response: Response;
  /** `X-Request-Id`: quote it when reporting a problem. */
  requestId: string | undefined;
  /** The rate-limit window reported on the response. */
  rateLimit: RateLimitInfo | undefined;
}

/**
 * A call in flight: await it for the data, or call `.withResponse()` for the response as well.
 * @example const { data, requestId, rateLimit } = await client.agents.retrieve(id).withResponse();
 */
export class APIPromise<T> implements PromiseLike<T> {
  /**
   * Declared for the type only, so that an APIPromise is assignable to a `Promise` type (a helper
   * taking `() => Promise<T>`); not set at runtime, where it would cost the browser bundle bytes.
   */
  declare readonly [Symbol.toStringTag]: string;
  readonly #raw: Promise<RawResult>;
  readonly #unwrap: (raw: RawResult) => T;
  #data: Promise<T> | undefined;

  constructor(raw: Promise<RawResult>, unwrap: (raw: RawResult) => T) {
    this.#raw = raw;
    this.#unwrap = unwrap;
  }

  /** Resolves to the data with the response, its request id and its rate-limit window. */
  withResponse(): Promise<WithResponse<T>> {
    return this.#raw.then((raw) => ({
      data: this.#unwrap(raw),
      response: raw.response,
      requestId: raw.response.headers.get('x-request-id') ?? undefined,
      rateLimit: parseRateLimit(raw.response.headers),
    }));
  }

  // biome-ignore lint/suspicious/noThenProperty: an APIPromise is awaited like a promise
  then<R1 = T, R2 = never>(
    onfulfilled?: ((value: T) => R1 | PromiseLike<R1>) | null,
    onrejected?: ((reason: unknown) => R2 | PromiseLike<R2>) | null,
  ): Promise<R1 | R2> {
    // biome-ignore lint/suspicious/noAssignInExpressions: made once and used at once, as in sendAttempt (3 B fewer for the three)
    return (this.#data ??= this.#raw.then(this.#unwrap)).then(onfulfilled, onrejected);
  }

  /** Like Promise.prototype.catch. */
  catch<R = never>(onrejected?: ((reason: unknown) => R | PromiseLike<R>) | null): Promise<T | R> {
    return this.then(undefined, onrejected);
  }

  /** Like Promise.prototype.finally. */
  finally(onfinally?: (() => void) | null): Promise<T> {
    return this.then().finally(onfinally);
  }
}
