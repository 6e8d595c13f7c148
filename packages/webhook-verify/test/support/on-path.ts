import { accessSync, constants } from 'node:fs';
import { delimiter, join } from 'node:path';

/** The first executable `name` in the directories of PATH; undefined when none. */
export function onPath(name: string, env: NodeJS.ProcessEnv = process.env): string | undefined {
  for (const dir of (env.PATH ?? '').split(delimiter)) {
    if (!dir) continue;
    const file = join(dir, name);
    try {
      accessSync(file, constants.X_OK);
      return file;
    } catch {}
  }
  return undefined;
}
