// `pnpm start`'s server: runs the mock's CLI (the path given first, then its flags) in this process,
// and closes it gracefully when the shell that started it is gone.
//
// pnpm sends its SIGTERM to the shell running the script, not to the server under it, and a POSIX sh
// such as dash passes no signal on: the shell died and the server ran on, orphaned, holding its port.
// `exec` would hand the shell over to node, but cmd.exe (pnpm's shell on Windows) has no `exec`. So
// the server watches its parent: when it changes (the shell died, the server was adopted), it sends
// itself the SIGTERM the shell did not pass on. On Windows a console's Ctrl+C reaches it directly.
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const [cli, ...flags] = process.argv.slice(2);
if (!cli) {
  process.stderr.write('usage: node scripts/start-mock.mjs <path of the CLI> [flags]\n');
  process.exit(2);
}
const parent = process.ppid;
const watch = setInterval(() => {
  if (process.ppid === parent) return;
  clearInterval(watch); // once: a second signal would close at once, not gracefully
  process.kill(process.pid, 'SIGTERM');
}, 250);
watch.unref();
process.argv = [process.argv[0], cli, ...flags];
await import(pathToFileURL(resolve(cli)).href);
