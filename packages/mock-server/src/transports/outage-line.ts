import type { UpstreamFailure } from '../proxy/create-validation-proxy.js';
import { escapeControls } from './escape-controls.js';

/**
 * The proxy CLI's stderr line for an upstream that did not answer, once per outage: given each
 * forward's failure (null when the upstream answered), it gives the line for the first failure, and
 * again only for the first after an answer; a proxy in front of a stopped API says so once, not
 * once per request.
 */
export function outageLines(): (failure: UpstreamFailure | null) => string | undefined {
  let down = false;
  return (failure) => {
    const first = failure !== null && !down;
    down = failure !== null;
    if (!first) return undefined;
    const line = `agent-platform-mock: ${failure.message}, ${failure.status} ${failure.code}; further failures unsaid until it answers again`;
    return `${escapeControls(line)}\n`;
  };
}
