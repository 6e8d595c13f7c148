// The first lines of every generated file.

/** The do-not-edit comment that opens a generated file, with its newline. */
export const generatedHeader =
  '/**\n * Generated from spec/openapi.yaml by `pnpm generate` - do not edit.\n */\n';
