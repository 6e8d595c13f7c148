import { readFileSync } from 'node:fs';

/**
 * The package's version, as `--version` prints it for the mock and for `proxy`: read from the
 * package.json one level above dist/cli.js, installed or in the repository.
 */
export function packageVersion(): string {
  const manifest = readFileSync(new URL('../package.json', import.meta.url), 'utf8');
  return (JSON.parse(manifest) as { version: string }).version;
}
