import { didYouMean } from './did-you-mean.js';
import type { Router } from './router.js';

/** More segments than any route has: no template to compare with, nothing to pay for. */
const MOST_SEGMENTS = 12;

/**
 * What a 404 adds when `path` is one slip from a path of `router` (WireMock's near miss):
 * `; did you mean /v1/agents?` for one segment misspelt as `didYouMean` reads a field name (another
 * case, `_` for `-`, a typo: `/v1/agent`, `/v1/chats/{id}/start_human`, `/__mock/clocks`), or for
 * `/v1` missing or written twice (a base URL that ends in `/v1` already). A path of the method
 * asked is named before one of another; '' when nothing is that near.
 */
export function nearMissHint(router: Router<unknown>, method: string, path: string): string {
  const known = nearMisses(router.paths, path).filter(
    (c) => router.match(method, c).kind !== 'none',
  );
  const meant = known.find((c) => router.match(method, c).kind === 'found') ?? known[0];
  return meant === undefined ? '' : `; did you mean ${meant}?`;
}

/**
 * The paths one slip from `path` that `templates` may hold, for the caller to keep those it can
 * reach: `path` with `/v1` put right, or with one literal segment put right for each template of as
 * many segments that it is one slip from.
 */
export function nearMisses(templates: readonly string[], path: string): string[] {
  const parts = path.split('/');
  if (parts.length > MOST_SEGMENTS + 1) return [];
  return [...prefixSlips(path), ...segmentSlips(templates, parts)];
}

/** `path` with `/v1` once: without the second of two, or with it where it is missing. */
function prefixSlips(path: string): string[] {
  if (path.startsWith('/v1/v1/')) return [path.slice(3)];
  return path.startsWith('/v1/') || path.startsWith('/__mock') ? [] : [`/v1${path}`];
}

/** `parts` with one literal segment of a template put right, for each template it is one slip from. */
function segmentSlips(templates: readonly string[], parts: string[]): string[] {
  const found: string[] = [];
  for (const template of templates) {
    const literals = template.split('/');
    if (literals.length !== parts.length) continue;
    let slip = -1;
    const near = literals.every((literal, i) => {
      const part = parts[i] as string;
      if (/^\{.+\}$/.test(literal)) return part !== '';
      if (literal === part) return true;
      if (slip !== -1 || didYouMean(part, [literal]) === '') return false;
      slip = i;
      return true;
    });
    if (near && slip !== -1)
      found.push(parts.map((p, i) => (i === slip ? literals[i] : p)).join('/'));
  }
  return found;
}
