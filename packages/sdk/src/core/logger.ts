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

/** A logger that drops lines below `level`, or undefined when nothing would pass. */
export function levelLogger(logger: Logger, level: LogLevel): Logger | undefined {
  const rank = RANK[level] ?? 0;
  if (rank === 0) return undefined;
  const drop = () => {};
  return {
    error: (m, ...a) => logger.error(m, ...a),
    warn: rank >= 2 ? (m, ...a) => logger.warn(m, ...a) : drop,
    info: rank >= 3 ? (m, ...a) => logger.info(m, ...a) : drop,
    debug: rank >= 4 ? (m, ...a) => logger.debug(m, ...a) : drop,
  };
}
