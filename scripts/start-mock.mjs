// `pnpm start`'s server: runs the mock's CLI (the path given first, then its flags) in this process,
// with --exit-with-parent, so that it closes gracefully when the shell that started it is gone; the
// contract proxy (pnpm start proxy URL) too.
//
// pnpm sends its SIGTERM to the shell running the script, not to the server under it, and a POSIX sh
// such as dash passes no signal on: the shell died and the server ran on, orphaned, holding its port.
// `exec` would hand the shell over to node, but cmd.exe (pnpm's shell on Windows) has no `exec`. So
// the server watches its parent (the CLI's --exit-with-parent): when the shell is gone, it closes as
// on SIGTERM. On Windows a console's Ctrl+C reaches it directly.
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const [cli, ...flags] = process.argv.slice(2);
if (!cli) {
  process.stderr.write('usage: node scripts/start-mock.mjs <path of the CLI> [flags]\n');
  process.exit(2);
}
// First, but after a leading `--` (pnpm start -- --port 4011), which is the CLI's to drop; not last,
// where a user's last flag missing its value (`-- --log`) would take it: 'argument is ambiguous'.
// After the subcommand (pnpm start proxy URL), which must come first: the proxy takes the flag too.
const user = flags[0] === '--' && flags[1] === 'proxy' ? flags.slice(1) : flags;
const own =
  user[0] === 'proxy'
    ? ['proxy', '--exit-with-parent', ...user.slice(1)]
    : user[0] === '--'
      ? ['--', '--exit-with-parent', ...user.slice(1)]
      : ['--exit-with-parent', ...user];
process.argv = [process.argv[0], cli, ...own];
await import(pathToFileURL(resolve(cli)).href);
