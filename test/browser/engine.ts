/** A page of a browser under test, whichever client drives it. */
export interface EnginePage {
  /** Evaluates `expression` in the page and resolves to what its promise resolves to. */
  evaluate(expression: string): Promise<unknown>;
  close(): Promise<void>;
}

/** A browser under test: Chromium over CDP, Firefox over WebDriver BiDi, WebKit over WebDriver. */
export interface EngineBrowser {
  /** The browser's name and version, as its driver reports them. */
  version: string;
  /** A new page at `url`; its console lines and uncaught errors go to `log` where the driver sees them. */
  openPage(url: string, log: (line: string) => void): Promise<EnginePage>;
  close(): Promise<void>;
}

/** A browser engine the browser test runs in, and what it says where others say the same. */
export interface Engine {
  name: string;
  /** Why it cannot run here (no binary), or undefined. */
  missing(): Promise<string | undefined>;
  launch(): Promise<EngineBrowser>;
  /** String(error) of a fetch that failed (refused by CORS, the connection closed). */
  failedFetch: string;
  /** String(error) of reading a body cut halfway. */
  cutBody: RegExp;
}
