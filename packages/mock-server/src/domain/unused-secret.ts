import type { SecretKind } from '../ids.js';
import type { DomainContext } from './context.js';

/**
 * `prefix` and `bytes` random bytes of `kind` in hex, drawn again while `taken` says a record holds
 * it: a seeded sequence gives the secrets of an imported state it made.
 */
export function unusedSecret(
  ctx: Pick<DomainContext, 'randomHex'>,
  kind: SecretKind,
  bytes: number,
  prefix: string,
  taken: (value: string) => boolean,
): string {
  let value: string;
  do value = `${prefix}${ctx.randomHex(kind, bytes)}`;
  while (taken(value));
  return value;
}
