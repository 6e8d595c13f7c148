import { escapeControls } from './escape-controls.js';

/**
 * A command line that cannot be run: one line for the user, exit code 2. What it quotes (a value,
 * a state file's text in JSON.parse's message) has its line breaks escaped, so it stays one line.
 */
export class UsageError extends Error {
  constructor(message: string) {
    super(escapeControls(message));
  }
}
