// The only module that imports msw: the main entry and the CLI load without it.
export { mswHandlers } from './transports/msw.js';
