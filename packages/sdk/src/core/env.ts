/** Reads an environment variable where one exists (Node, Bun, Deno); undefined on edge and browsers. */
export function readEnv(name: string): string | undefined {
  try {
    const env = (globalThis as { process?: { env?: Record<string, string | undefined> } }).process
      ?.env;
    // An empty or blank value counts as unset.
    return env?.[name]?.trim() || undefined;
  } catch {
    // Deno without --allow-env throws on access: undefined, as where there is no process.
  }
}
