import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../', import.meta.url));

/** Throws, naming the missing ones, unless every file (relative to the repository root) exists. */
export function assertBuilt(files: readonly string[]): void {
  const missing = files.filter((file) => !existsSync(root + file));
  if (missing.length > 0) {
    throw new Error(
      `not built: ${missing.join(', ')}. These tests run the packages as built: run \`pnpm build\` first (\`pnpm test\` does).`,
    );
  }
}
