/** The oldest Node.js major the CLI runs on (package.json's engines). */
export const MIN_NODE_MAJOR = 20;

/**
 * Why the CLI cannot run on Node.js `version` (`process.version`, e.g. `v18.20.4`), or undefined.
 * Node 18 (Debian bookworm's apt package, the base of python:3.11 images) has no global `crypto`:
 * the server started, then failed every webhook attempt, or would not start ("crypto is not defined").
 */
export function nodeVersionProblem(version: string): string | undefined {
  const major = Number(/^v?(\d+)\./.exec(version)?.[1]);
  if (!(major < MIN_NODE_MAJOR)) return undefined;
  return `needs Node.js ${MIN_NODE_MAJOR} or later; this is Node.js ${version} (install a current one: https://nodejs.org/en/download, or the node:22 image; Debian's apt package is Node.js 18)`;
}
