// What the tests of the 1 MiB bound on a contact's custom fields build it from: multi_select fields
// m0, m1, ... whose values hold all of 100 options of 200 characters (about 20 KB as JSON each).
import { expect } from 'vitest';
import type { Call } from './api.js';

/** 100 options of 200 characters: a value holding them all is about 20 KB as JSON. */
export const FULL_OPTIONS = Array.from({ length: 100 }, (_, i) => `${i}`.padEnd(200, 'x'));

/** The bytes of a value as JSON (UTF-8), as the mock counts a contact's custom fields. */
export function jsonBytes(value: unknown): number {
  return new TextEncoder().encode(JSON.stringify(value)).length;
}

/** Creates a custom field, expecting 201. */
export async function createField(call: Call, body: object): Promise<void> {
  expect((await call('POST', '/v1/custom-fields', { body })).status).toBe(201);
}

/** Creates the multi_select fields m0 to m(count - 1), with FULL_OPTIONS. */
export async function createFullMultiSelects(call: Call, count: number): Promise<void> {
  for (let i = 0; i < count; i++) {
    await createField(call, { name: `m${i}`, type: 'multi_select', options: FULL_OPTIONS });
  }
}

/** The values of m(from) to m(to - 1), each holding every option. */
export function fullValues(from: number, to: number): Record<string, string[]> {
  return Object.fromEntries(
    Array.from({ length: to - from }, (_, i) => [`m${from + i}`, FULL_OPTIONS]),
  );
}
