/** Makes the ids of new resources: random UUID v4s, or a seeded, repeatable sequence of them. */
export type IdGenerator = () => string;

/** `random` (default), `{ seed }` for the same ids on every run, or your own function. */
export type IdsOption = 'random' | { seed: number } | IdGenerator;

/** Builds the id generator an option asks for. */
export function createIdGenerator(option: IdsOption = 'random'): IdGenerator {
  if (typeof option === 'function') return option;
  if (option === 'random') return () => crypto.randomUUID();
  const next = mulberry32(option.seed);
  return () => {
    const bytes = new Uint8Array(16);
    for (let i = 0; i < 16; i += 4) {
      const n = next();
      bytes[i] = n >>> 24;
      bytes[i + 1] = (n >>> 16) & 0xff;
      bytes[i + 2] = (n >>> 8) & 0xff;
      bytes[i + 3] = n & 0xff;
    }
    return uuidFromBytes(bytes);
  };
}

/** Formats 16 bytes as a UUID v4 (version and variant bits set). */
export function uuidFromBytes(bytes: Uint8Array): string {
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** Random hex of `bytes` bytes (secrets and keys; never seeded). */
export function randomHex(bytes: number): string {
  const buffer = new Uint8Array(bytes);
  crypto.getRandomValues(buffer);
  return Array.from(buffer, (b) => b.toString(16).padStart(2, '0')).join('');
}

function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return (t ^ (t >>> 14)) >>> 0;
  };
}
