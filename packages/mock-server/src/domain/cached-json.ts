import { setBounded } from '../set-bounded.js';
import type { RowMeta, Table } from '../store/table.js';
import { JsonBytes } from './json-bytes.js';

/** Answers kept per table; a table's change drops them all (its version moves on). */
interface TableAnswers {
  version: number;
  byKey: Map<string, JsonBytes>;
}

/** Distinct answers kept per table version (a page of 100 items is about 30 kB). */
const MAX_ANSWERS = 64;
const encoder = new TextEncoder();
const answers = new WeakMap<Table<RowMeta>, TableAnswers>();
const queryTexts = new WeakMap<object, string>();

/** A validated query as text, for a cache key (made once per query object: those are reused). */
export function queryKey(query: Readonly<Record<string, unknown>>): string {
  let text = queryTexts.get(query);
  if (text === undefined) {
    text = JSON.stringify(query);
    queryTexts.set(query, text);
  }
  return text;
}

/**
 * The JSON of `build()`, serialised once per version of `table` and `key`: for an answer that
 * depends on nothing but the table's rows and what the key names (workspace, operation, query).
 * Repeated reads of an unchanged table then cost no serialisation at all. The table must be
 * immutable (rows frozen), so that every change moves its version on.
 */
export function cachedJson<T extends RowMeta>(
  table: Table<T>,
  key: string,
  build: () => unknown,
): JsonBytes {
  if (!table.immutable) throw new Error('cachedJson needs an immutable table');
  let kept = answers.get(table as Table<RowMeta>);
  if (kept === undefined || kept.version !== table.version) {
    kept = { version: table.version, byKey: new Map() };
    answers.set(table as Table<RowMeta>, kept);
  }
  let answer = kept.byKey.get(key);
  if (answer === undefined) {
    answer = new JsonBytes(encoder.encode(JSON.stringify(build())));
    setBounded(kept.byKey, key, answer, MAX_ANSWERS);
  }
  return answer;
}
