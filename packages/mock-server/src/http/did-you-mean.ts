/**
 * `; did you mean "name"?` when an unknown field or parameter is a likely slip for a known one (a
 * camelCase spelling of a snake_case name, another case, or a typo: one edit in a name of 4 to 6
 * characters, two in a longer one, a swap of neighbours counting as one), else ''. As Stripe says
 * it: "nmae: is not a known field" leaves a user to find the field list.
 */
export function didYouMean(unknown: string, known: Iterable<string>): string {
  // Past any field name's length (a 1 MiB key) there is nothing to compare, and nothing to pay for.
  if (unknown.length > 64) return '';
  const plain = normal(unknown);
  const most = unknown.length < 4 ? 0 : unknown.length <= 6 ? 1 : 2;
  let best = '';
  let bestDistance = most + 1;
  for (const name of known) {
    const distance = normal(name) === plain ? 0 : editDistance(unknown, name, bestDistance);
    if (distance < bestDistance) {
      best = name;
      bestDistance = distance;
    }
  }
  return best === '' ? '' : `; did you mean "${best}"?`;
}

/** Lower case, without `_` and `-`: `retryAfter`, `Retry-After` and `retry_after` meet. */
function normal(name: string): string {
  return name.toLowerCase().replace(/[_-]/g, '');
}

/**
 * Edits from `a` to `b` (insert, delete, replace, swap two neighbours: the optimal string
 * alignment distance), or `cap` once it is clearly at least that.
 */
function editDistance(a: string, b: string, cap: number): number {
  if (Math.abs(a.length - b.length) >= cap) return cap;
  let before: number[] = [];
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    let least = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(
        (previous[j] as number) + 1,
        (row[j - 1] as number) + 1,
        (previous[j - 1] as number) + cost,
      );
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        d = Math.min(d, (before[j - 2] as number) + 1);
      }
      row.push(d);
      least = Math.min(least, d);
    }
    if (least >= cap) return cap;
    before = previous;
    previous = row;
  }
  return Math.min(previous[b.length] as number, cap);
}
