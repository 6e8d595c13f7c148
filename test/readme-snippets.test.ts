import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

// Every TypeScript block of the READMEs type-checks against the packages' sources, so that a
// renamed option or method cannot leave a README showing code that no longer compiles. A block is
// a fragment of a program: the names it takes from around it (a `client`, a `mock`, a `request`)
// are declared below, with the types they have in the prose, and so are the imports it leaves out.

const root = fileURLToPath(new URL('..', import.meta.url));
const READMES = [
  'README.md',
  'packages/sdk/README.md',
  'packages/mock-server/README.md',
  'packages/webhook-verify/README.md',
];

/** Blocks that show a shape, not code (`{ ... }`, a union of objects): found by a line they hold. */
const SHAPES = [
  "{ variant: 'A', event, timestamp",
  'validateWebhookData(await verifyWebhook({ ... }))',
];

const AROUND = `
import type { AgentPlatform as Client } from '@agent-platform/sdk';
import type { MockServer } from '@agent-platform/mock-server';
declare global {
  const client: Client;
  const mock: MockServer;
  const request: Request;
  const id: string;
  const chatId: string;
  const apiKey: string;
  const baseUrl: string;
  const secret: string;
  const body: string;
  const AgentPlatform: typeof import('@agent-platform/sdk').AgentPlatform;
  const isConflictError: typeof import('@agent-platform/sdk').isConflictError;
  const signWebhook: typeof import('@agent-platform/webhook-verify').signWebhook;
  /** Your own handling of an event; a receiver of the recipes. */
  function handle(event: unknown): Promise<void>;
  function receive(
    rawBody: import('@agent-platform/webhook-verify').RawBody,
    headers: import('@agent-platform/webhook-verify').WebhookHeaders,
  ): Promise<{ status: 200 | 400 | 401 | 409 | 500; body: string }>;
  /** The node:http recipe's: the body's bytes, or undefined past \`limit\`. */
  function readBody(
    request: import('node:http').IncomingMessage,
    limit: number,
  ): Promise<Uint8Array | undefined>;
  // Frameworks the recipes mount on, which no package here depends on.
  const app: any;
  const express: any;
  const bodyLimit: any;
  function pino(options?: { level?: string }): { debug(): void; info(): void; warn(): void; error(): void };
}
`;

// A file of its own: with no import, it declares the modules rather than augmenting them. The Redis
// recipes are checked against the real clients by packages/webhook-verify, whose devDependencies
// they are, in test/recipes/*-store.ts (redis-stores.test.ts holds the README's blocks identical).
const REDIS = `
declare module 'redis' {
  type Expiration = { type: 'EX'; value: number };
  export type RedisClientType = {
    set(key: string, value: string, options: { condition?: 'NX'; expiration: Expiration }): Promise<string | null>;
    get(key: string): Promise<string | null>;
    eval(script: string, options: { keys: string[]; arguments: string[] }): Promise<unknown>;
  };
}
declare module 'ioredis' {
  export type Redis = {
    set(key: string, value: string, ex: 'EX', seconds: number, nx?: 'NX'): Promise<'OK' | null>;
    get(key: string): Promise<string | null>;
    eval(script: string, numKeys: number, ...keysAndArgs: string[]): Promise<unknown>;
  };
}
`;

interface Snippet {
  readme: string;
  line: number;
  code: string;
}

function snippets(): Snippet[] {
  const found: Snippet[] = [];
  for (const readme of READMES) {
    const text = readFileSync(`${root}${readme}`, 'utf8');
    for (const match of text.matchAll(/^```(?:ts|typescript)\n([\s\S]*?)^```/gm)) {
      const line = text.slice(0, match.index).split('\n').length + 1;
      found.push({ readme, line, code: match[1] as string });
    }
  }
  return found;
}

describe('the TypeScript blocks of the READMEs', () => {
  const all = snippets();
  const shapes = all.filter((s) => SHAPES.some((shape) => s.code.includes(shape)));
  const code = all.filter((s) => !shapes.includes(s));

  it('are found, and each block listed as a shape is still there', () => {
    expect(code.length).toBeGreaterThan(15);
    expect(shapes).toHaveLength(SHAPES.length);
  });

  it('type-check against the packages', { timeout: 120_000 }, () => {
    // examples/ resolves what the blocks import: the packages' sources (tsconfig paths), msw, hono.
    const dir = `${root}examples/`;
    const config = ts.getParsedCommandLineOfConfigFile(
      `${dir}tsconfig.json`,
      {},
      {
        ...ts.sys,
        onUnRecoverableConfigFileDiagnostic: (d) => {
          throw new Error(ts.flattenDiagnosticMessageText(d.messageText, '\n'));
        },
      },
    );
    if (!config) throw new Error('examples/tsconfig.json: not read');
    // A fragment's callbacks take their parameters from a framework declared `any` above.
    const options = { ...config.options, noImplicitAny: false, noEmit: true };
    const files = new Map<string, string>([
      [`${dir}__readme__/around.d.ts`, AROUND],
      [`${dir}__readme__/redis.d.ts`, REDIS],
    ]);
    const where = new Map<string, Snippet>();
    for (const [i, snippet] of code.entries()) {
      const name = `${dir}__readme__/block-${i}.ts`;
      // `export {}`: each block is a module of its own (top-level await, its own names).
      files.set(name, `export {};\n${snippet.code}`);
      where.set(name, snippet);
    }
    const host = ts.createCompilerHost(options);
    const { getSourceFile, fileExists, readFile } = host;
    host.fileExists = (file) => files.has(file) || fileExists(file);
    host.readFile = (file) => files.get(file) ?? readFile(file);
    host.getSourceFile = (file, language, ...rest) => {
      const text = files.get(file);
      return text === undefined
        ? getSourceFile(file, language, ...rest)
        : ts.createSourceFile(file, text, language);
    };
    const program = ts.createProgram([...files.keys()], options, host);
    const problems = ts.getPreEmitDiagnostics(program).map((d) => {
      const message = ts.flattenDiagnosticMessageText(d.messageText, '\n');
      const snippet = d.file && where.get(d.file.fileName);
      if (!d.file || d.start === undefined) return message;
      const { line } = d.file.getLineAndCharacterOfPosition(d.start);
      // Line 0 is the `export {}` added above.
      return snippet
        ? `${snippet.readme}:${snippet.line + line - 1}: ${message}`
        : `${d.file.fileName}: ${message}`;
    });
    expect(problems).toEqual([]);
  });
});
