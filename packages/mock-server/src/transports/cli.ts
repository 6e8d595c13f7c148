import { createMockCore } from '../create-mock-core.js';
import { DEMO_API_KEY } from '../seed/demo.js';
import { type CliConfig, parseCli, USAGE, UsageError } from './cli-args.js';

/** Runs the CLI: parses flags, starts the server, prints the banner, and stops cleanly on a signal. */
async function main(argv: string[]): Promise<void> {
  let config: CliConfig;
  try {
    config = parseCli(argv);
  } catch (error) {
    if (error instanceof UsageError) {
      process.stderr.write(`agent-platform-mock: ${error.message}. Try --help.\n`);
      process.exit(2);
    }
    throw error;
  }
  if (config.help) {
    process.stdout.write(`${USAGE}\n`);
    return;
  }
  let mock: ReturnType<typeof createMockCore>;
  try {
    mock = createMockCore(config.options);
  } catch (error) {
    process.stderr.write(`agent-platform-mock: ${(error as Error).message}\n`);
    process.exit(2);
  }
  const server = await mock.listen({
    port: config.port,
    host: config.host,
  });
  const { options } = config;
  const rate = options.rateLimit ? `${options.rateLimit.limit}/min per key` : 'off';
  const key = config.seedLabel === 'demo' ? ` | demo key: ${DEMO_API_KEY}` : '';
  process.stdout.write(
    `agent-platform-mock listening on ${server.url} | variant ${mock.variant} | clock ${options.clock} | rate limit ${rate} | seed ${config.seedLabel}${key} | control API: ${server.url}/__mock\n`,
  );
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    process.stdout.write(`agent-platform-mock: ${signal}, closing\n`);
    mock.dispose();
    server.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}

main(process.argv.slice(2)).catch((error: unknown) => {
  process.stderr.write(`agent-platform-mock: ${(error as Error).message ?? String(error)}\n`);
  process.exit(1);
});
