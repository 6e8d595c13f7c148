/**
 * Reads an environment variable where one exists (Node, Bun, Deno, Next.js and Vercel edge
 * functions), trimmed; undefined where there is no `process.env` (Workers without Node.js
 * compatibility, browsers). Callers take an empty value (blank) as unset, as they do undefined.
 */
export function readEnv(name: string): string | undefined {
  try {
    const env = (globalThis as { process?: { env?: Record<string, string | undefined> } }).process
      ?.env;
    return env?.[name]?.trim();
  } catch {
    // Deno without --allow-env refuses (throws) where it cannot ask: undefined, as where there is
    // no process. In a terminal it asks, and waits (the README says which options spare the question).
  }
}
