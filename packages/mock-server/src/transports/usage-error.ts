/** A command line that cannot be run: one line for the user, exit code 2. */
export class UsageError extends Error {}
