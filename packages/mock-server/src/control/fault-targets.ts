import { compileFaultPath } from '../faults.js';
import { type OperationInfo, operations } from '../generated/operations.js';

/**
 * The operations a fault's path can reach, matched as `Faults` matches requests (an exact path, a
 * spec template, or a prefix ending in `*`): a fault only fires on a request routed to an operation.
 */
export function faultTargets(path: string): OperationInfo[] {
  return operations.filter((op) => reaches(path, op.path));
}

/** Whether some request path routed to the template `route` matches the fault path, segment by segment. */
function reaches(path: string, route: string): boolean {
  const prefix = path.endsWith('*');
  const wanted = (prefix ? path.slice(0, -1) : path).split('/').slice(1);
  const parts = route.split('/').slice(1);
  if (prefix ? wanted.length > parts.length : wanted.length !== parts.length) return false;
  return wanted.every((segment, i) => {
    // A prefix's last segment may be cut short: it need only begin the route's segment.
    const open = prefix && i === wanted.length - 1;
    const part = parts[i] as string;
    // A route parameter takes any non-empty segment (the router refuses an empty one).
    if (/^\{.+\}$/.test(part)) return open || segment !== '';
    return compileFaultPath(`/${segment}${open ? '*' : ''}`).test(`/${part}`);
  });
}
