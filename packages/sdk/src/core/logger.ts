import { AgentPlatformError } from './errors.js';

/** Where log lines go; `console` fits. */
export interface Logger {
  debug(message: string, ...args: unknown[]): void;
  info(message: string, ...args: unknown[]): void;
  warn(message: string, ...args: unknown[]): void;
  error(message: string, ...args: unknown[]): void;
}

/** How much to log: `off` (the default) logs nothing; `debug` logs every attempt. */
export type LogLevel = 'off' | 'error' | 'warn' | 'info' | 'debug';

const RANK: Record<LogLevel, number> = { off: 0, error: 1, warn: 2, info: 3, debug: 4 };

/**
 * The log level an option or environment variable names (`source` says which, for the error);
 * the environment's value is read in any case. Anything else throws: a typo must not silence logs.
 */
export function checkLogLevel(value: unknown, source: 'logLevel' | 'AGENT_PLATFORM_LOG'): LogLevel {
  // The environment's value is a string (readEnv).
  const level = source === 'AGENT_PLATFORM_LOG' ? (value as string).toLowerCase() : value;
  if (typeof level === 'string' && Object.hasOwn(RANK, level)) return level as LogLevel;
  throw new AgentPlatformError(
    `${source}: must be one of ${Object.keys(RANK).join(', ')}, not ${JSON.stringify(value)}`,
  );
}

/** A logger with only the levels that pass: callers write `logger?.debug?.(…)`, so a dropped line is never built. */
export type LevelLogger = Partial<Logger>;

/** The levels of `logger` at or above `level`, or undefined when nothing would pass. */
export function levelLogger(logger: Logger, level: LogLevel): LevelLogger | undefined {
  const rank = RANK[level];
  if (rank === 0) return undefined;
  const out: LevelLogger = {};
  // RANK lists the levels in order, `off` first.
  for (const name of Object.keys(RANK).slice(1, rank + 1) as (keyof Logger)[]) {
    // Looked up on each line, so that a logger's methods replaced later (a test spy) are used.
    out[name] = (m, ...a) => logger[name](m, ...a);
  }
  return out;
}
