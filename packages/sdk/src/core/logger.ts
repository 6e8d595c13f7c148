import { readEnv } from './env.js';
import { AgentPlatformError } from './errors.js';

/** Where log lines go; `console` fits. */
export interface Logger {
  /** A line at level `debug`: every attempt. */
  debug(message: string, ...args: unknown[]): void;
  /** A line at level `info`. */
  info(message: string, ...args: unknown[]): void;
  /** A line at level `warn`. */
  warn(message: string, ...args: unknown[]): void;
  /** A line at level `error`. */
  error(message: string, ...args: unknown[]): void;
}

/** How much to log: `off` (the default) logs nothing; `debug` logs every attempt. */
export type LogLevel = 'off' | 'error' | 'warn' | 'info' | 'debug';

/** The levels by rank, in order: `off` (0, alone) logs nothing, `debug` (4) everything. */
export const RANK: Record<LogLevel, number> = { off: 0, error: 1, warn: 2, info: 3, debug: 4 };

/**
 * The log level the `logLevel` option names, else the `AGENT_PLATFORM_LOG` environment variable
 * (in any letter case), else `off`. Anything else throws, naming where it came from: a typo must not
 * silence logs.
 */
export function checkLogLevel(option: unknown): LogLevel {
  const fromEnv = option === undefined;
  // The environment's value is a string (readEnv); blank is unset.
  const value = fromEnv ? readEnv('AGENT_PLATFORM_LOG') || 'off' : option;
  const level = fromEnv ? (value as string).toLowerCase() : value;
  // An inherited name (`toString`) is no number.
  if (typeof level === 'string' && ((RANK as Record<string, unknown>)[level] as number) >= 0)
    return level as LogLevel;
  throw new AgentPlatformError(
    `${fromEnv ? 'AGENT_PLATFORM_LOG' : 'logLevel'}: must be one of ${Object.keys(RANK).join(', ')}, not ${JSON.stringify(value)}`,
  );
}

/** A logger with only the levels that pass: callers write `logger.debug?.(…)`, so a dropped line is never built. */
export type LevelLogger = Partial<Logger>;
