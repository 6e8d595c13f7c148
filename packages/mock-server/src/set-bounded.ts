/**
 * Sets `key` in a cache of at most `max` entries, first dropping the oldest when it is full (Maps
 * iterate in insertion order: the first key is the oldest).
 */
export function setBounded<K, V>(map: Map<K, V>, key: K, value: V, max: number): void {
  if (map.size >= max) map.delete(map.keys().next().value as K);
  map.set(key, value);
}
