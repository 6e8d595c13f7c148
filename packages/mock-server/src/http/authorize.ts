import { ApiError, type ErrorDetail, itemIssues } from '../errors.js';
import { type OperationInfo, scopeVocabulary } from '../generated/operations.js';
import type { ApiKeyRecord, Variant } from '../store/records.js';

/** Whether a key's scopes grant an operation in a variant (any listed scope suffices; none listed: any key). */
export function grants(
  key: Pick<ApiKeyRecord, 'scopes'>,
  op: OperationInfo,
  variant: Variant,
): boolean {
  const needed = op.scopes?.[variant] ?? [];
  return needed.length === 0 || needed.some((scope) => key.scopes.includes(scope));
}

/** 403 naming the missing scope unless the key's scopes grant the operation. */
export function authorize(key: ApiKeyRecord, op: OperationInfo, variant: Variant): void {
  if (grants(key, op, variant)) return;
  const needed = op.scopes?.[variant] ?? [];
  const what =
    needed.length === 1 ? `scope ${needed[0]}` : `one of the scopes ${needed.join(', ')}`;
  throw new ApiError(
    403,
    'FORBIDDEN',
    `missing scope: ${needed.join(' or ')}; ${op.method} ${op.path} needs ${what}`,
  );
}

/**
 * One detail per scope the variant lacks, each named by its place in the list (`at[i]`): the check
 * of `createApiKey` and of the keys of an imported state.
 */
export function scopeIssues(
  scopes: readonly unknown[],
  variant: Variant,
  at: string,
): ErrorDetail[] {
  const vocabulary = scopeVocabulary[variant];
  // All of them (a variant has about 20): the two variants name theirs differently.
  const all = Object.keys(vocabulary)
    .map((scope) => `"${scope}"`)
    .join(', ');
  return itemIssues(
    scopes,
    at,
    'enum',
    (scope) => typeof scope === 'string' && Object.hasOwn(vocabulary, scope),
    (scope) => `"${String(scope)}" is not a scope of Variant ${variant}, whose scopes are ${all}`,
  );
}
