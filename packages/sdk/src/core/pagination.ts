import { APIPromise, type RawResult } from './api-promise.js';
import { AgentPlatformError } from './errors.js';
import { refuseBody } from './refuse-body.js';

/** The pagination object of a list response. */
export interface Pagination {
  /** The page returned, from 1. */
  page: number;
  /** Items per page, 1 to 100: the `limit` asked for, or the server's default. */
  limit: number;
  /** Items in the whole list when this page was read. */
  total: number;
  /** `ceil(total / limit)`; 0 when `total` is 0. */
  total_pages: number;
}

/**
 * How far an iteration goes: at most `maxItems` items, from at most `maxPages` pages. Each is a whole
 * number >= 0: Infinity (the default) is no limit, `0` yields nothing. Another value (-1, 2.5, NaN,
 * '3', null) rejects the list call before anything is sent (`maxPages: must be a whole number >= 0, not 2.5`).
 */
export interface IterationLimits {
  /** Items to yield at most, over item iteration only: a whole number >= 0 (default Infinity, no limit). */
  maxItems?: number | undefined;
  /** Pages to fetch at most: a whole number >= 0 (default Infinity, no limit). */
  maxPages?: number | undefined;
}

/** A list's response body. */
type PageBody<T> = { data: T[]; pagination: Pagination };

/** One page of a list; iterate it (`for await`) to walk every item from here to the last page. */
export class Page<T> implements AsyncIterable<T> {
  // `declare`d fields, set by the constructor: an emitted field declaration would only add bytes.
  /** The items of this page. */
  declare readonly data: T[];
  /** `page`, `limit`, `total` and `total_pages` as the server reported them. */
  declare readonly pagination: Pagination;
  // `#limits` first, here and in the constructor: the build then gives it the short name PagePromise's
  // has, and the two classes' iterator methods compress as one (8 B).
  readonly #limits: IterationLimits;
  readonly #fetchPage: (page: number) => PagePromise<T>;

  constructor(
    body: { data: T[]; pagination: Pagination },
    fetchPage: (page: number) => PagePromise<T>,
    limits: IterationLimits = {},
  ) {
    ({ data: this.data, pagination: this.pagination } = body);
    this.#limits = limits;
    this.#fetchPage = fetchPage;
  }

  /** Whether pages follow: `page < total_pages`, whatever this page holds (it may be empty). */
  hasNextPage(): boolean {
    return this.pagination.page < this.pagination.total_pages;
  }

  /**
   * Fetches the next page with the same query; rejects when there is none, or when the server
   * answers this page or an earlier one (a cache or proxy that drops the query answers page 1 every
   * time: iterating would never end).
   */
  async getNextPage(): Promise<Page<T>> {
    // Not destructured: 3 B fewer in the bundle.
    const page = this.pagination.page;
    if (!this.hasNextPage()) throw new AgentPlatformError('No next page.');
    const next = await this.#fetchPage(page + 1);
    if (next.pagination.page > page) return next;
    throw new AgentPlatformError(`No next page: got page ${next.pagination.page}`);
  }

  /** Every item from this page on, within the list call's `maxItems` and `maxPages`. */
  [Symbol.asyncIterator](): AsyncIterator<T> {
    return iterateItems(this, this.#limits);
  }
}

/**
 * Walks pages from `first`, holding one at a time. `first` is awaited even for no page: a list call
 * that failed (a bad option) throws here rather than as an unhandled rejection.
 */
export async function* iteratePages<T>(
  first: Page<T> | PromiseLike<Page<T>>,
  maxPages = Infinity,
): AsyncGenerator<Page<T>, void, undefined> {
  let page = await first;
  for (let count = 0; count < maxPages; ) {
    yield page;
    if (++count >= maxPages || !page.hasNextPage()) return;
    page = await page.getNextPage();
  }
}

/** Walks every item of every page from `first`, within the limits. */
export async function* iterateItems<T>(
  first: Page<T> | PromiseLike<Page<T>>,
  { maxItems = Infinity, maxPages }: IterationLimits,
): AsyncGenerator<T, void, undefined> {
  let count = 0;
  // No item, no page (the first is still awaited).
  for await (const page of iteratePages(first, maxItems ? maxPages : 0)) {
    for (const item of page.data) {
      yield item;
      if (++count >= maxItems) return;
    }
  }
}

/**
 * The first page of a list in flight. Await it for a Page, or iterate it directly for every item
 * of every page, or call `.pages()` for page after page.
 * @example for await (const agent of client.agents.list({ limit: 100 })) console.log(agent.name);
 */
export class PagePromise<T> extends APIPromise<Page<T>> implements AsyncIterable<T> {
  readonly #limits: IterationLimits;

  constructor(
    raw: Promise<RawResult>,
    fetchPage: (page: number) => PagePromise<T>,
    limits: IterationLimits,
  ) {
    super(raw, ({ body, response }) => {
      // A 200 that is JSON but no page (a proxy's or cache's `{}`, `[]`, `{"data":null}`): an
      // APIError saying so, not a Page whose iteration fails with a bare TypeError.
      if (!((body as PageBody<T>)?.pagination && Array.isArray((body as PageBody<T>).data))) {
        refuseBody(body, response, 'is not a page');
      }
      return new Page(body as PageBody<T>, fetchPage, limits);
    });
    this.#limits = limits;
  }

  /** Every page from this one on, within `maxPages`. */
  pages(): AsyncIterable<Page<T>> {
    return { [Symbol.asyncIterator]: () => iteratePages(this, this.#limits.maxPages) };
  }

  /** Every item of every page, from the first on, within the list call's `maxItems` and `maxPages`. */
  [Symbol.asyncIterator](): AsyncIterator<T> {
    return iterateItems(this, this.#limits);
  }
}
