// Pagination: a page at a time, every item across pages, and a cap on how many to fetch.
// Run: pnpm -C examples pagination
import { AgentPlatform } from '@agent-platform/sdk';
import { type ExampleEnv, isMain, runExample } from './support/run-example.js';

/** Creates a dozen contacts, then reads them back page by page and item by item. */
export async function pagination({ baseUrl, apiKey, fetch, log }: ExampleEnv): Promise<void> {
  const client = new AgentPlatform({ apiKey, baseUrl, fetch });

  // A run-unique name, so that the query matches only this run's contacts.
  const tag = `pagination-${Date.now().toString(36)}`;
  for (let i = 1; i <= 12; i++) await client.contacts.create({ name: `${tag} ${i}` });

  // One page: its items and where it sits.
  const first = await client.contacts.list({ q: tag, limit: 5 });
  const { page, total, total_pages } = first.pagination;
  log(`page ${page} of ${total_pages}: ${first.data.length} of ${total} contacts`);

  // Page after page; the next one is fetched only when the loop asks for it.
  for await (const p of client.contacts.list({ q: tag, limit: 5 }).pages()) {
    log(
      `page ${p.pagination.page}: ${p.data.map((c) => c.name?.slice(tag.length + 1)).join(', ')}`,
    );
  }

  // Every item of every page.
  let all = 0;
  for await (const _contact of client.contacts.list({ q: tag, limit: 5 })) all++;
  log(`iterated ${all} contacts`);

  // Stop early: at most 7 items, however many pages that takes.
  let capped = 0;
  for await (const _contact of client.contacts.list({ q: tag, limit: 5 }, { maxItems: 7 }))
    capped++;
  log(`with maxItems: 7, iterated ${capped}`);
}

if (isMain(import.meta.url)) await runExample(pagination);
