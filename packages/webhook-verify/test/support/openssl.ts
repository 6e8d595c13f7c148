import { onPath } from './on-path.js';

/** How to get openssl, for the message of a run that has none. */
export const INSTALL_OPENSSL =
  'install it (Debian/Ubuntu: `sudo apt-get install -y openssl`, macOS: `brew install openssl`); .ci/run installs it on Debian';

/** The openssl binary on PATH (the vectors' commands call it by that name); undefined when none. */
export function findOpenssl(env: NodeJS.ProcessEnv = process.env): string | undefined {
  return onPath('openssl', env);
}
