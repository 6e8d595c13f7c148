/** The agent id of the canned answer. */
export declare const ID: string;
/** A base URL nothing listens on: the fetch never leaves the process. */
export declare const BASE: string;
/** A fetch that answers every request with the same agent, with rate-limit headers. */
export declare const canned: () => Promise<Response>;
