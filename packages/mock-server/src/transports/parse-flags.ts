import { type ParseArgsConfig, parseArgs } from 'node:util';
import { didYouMean } from '../http/did-you-mean.js';
import { UsageError } from './usage-error.js';

/** The flags and positionals of a command line, as parseArgs reads them. */
export interface ParsedFlags {
  values: Record<string, string | boolean | undefined>;
  positionals: string[];
}

/**
 * parseArgs (strict) for both CLIs, so that the mock and `proxy` refuse a command line alike: a
 * negative value after its flag is that flag's value, and Node's error becomes one UsageError line
 * (an unknown flag with the flag it is a slip for).
 */
export function parseFlags(
  argv: string[],
  options: NonNullable<ParseArgsConfig['options']>,
  allowPositionals: boolean,
): ParsedFlags {
  try {
    const args = joinNegativeValues(argv);
    const { values, positionals } = parseArgs({ args, strict: true, allowPositionals, options });
    // No flag of either CLI is `multiple`: no value is an array.
    return { values: values as ParsedFlags['values'], positionals };
  } catch (error) {
    throw new UsageError(parseFailure((error as Error).message, Object.keys(options)));
  }
}

/**
 * `--ids-seed -1` as `--ids-seed=-1`: parseArgs would call a value starting with `-` ambiguous, and
 * the user should hear the flag's own rule (an integer from 0 ...) instead.
 */
function joinNegativeValues(argv: string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] as string;
    const next = argv[i + 1];
    if (/^--[a-z-]+$/.test(arg) && next !== undefined && /^-\d/.test(next)) {
      out.push(`${arg}=${next}`);
      i++;
    } else out.push(arg);
  }
  return out;
}

/**
 * Node's parse error as one line (without its period: the CLI adds '. Try --help.'): an unknown flag
 * with the flag it is a slip for, and a flag followed by another with what Node's later lines say.
 */
function parseFailure(message: string, flags: string[]): string {
  const first = (message.split('\n')[0] ?? '').replace(/\.$/, '');
  // With positionals allowed, Node goes on to say how to pass one starting with '-' (with an
  // unbalanced quote): no positional of either CLI does, and the slip's flag, if any, says more.
  const unknown = /^(Unknown option '(-{1,2})([^']+)')/.exec(first);
  if (unknown) {
    const hint = unknown[2] === '--' ? didYouMean(unknown[3] as string, flags) : '';
    return `${unknown[1]}${hint.replace(/"(.+)"/, '--$1')}`;
  }
  // `--port 4011 proxy URL`: the subcommand is read only in first place.
  if (/^Unexpected argument 'proxy'/.test(first)) {
    return "'proxy' is a subcommand, written first: agent-platform-mock proxy <upstream-url> [flags]";
  }
  const ambiguous = /^Option '(--[^']+)' argument is ambiguous$/.exec(first);
  if (ambiguous) {
    const flag = ambiguous[1] as string;
    return `${first}: did you forget its value? (one starting with - is written ${flag}=-1)`;
  }
  return first;
}
