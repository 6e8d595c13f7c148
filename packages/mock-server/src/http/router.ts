/** A route: a method and a path template (`/v1/agents/{id}`), with what to do. */
export interface Route<T> {
  method: string;
  path: string;
  target: T;
}

/** What matching a request gives: the route and its path parameters, or the methods the path allows. */
export type Match<T> =
  | { kind: 'found'; target: T; params: Record<string, string> }
  | { kind: 'method'; allowed: string[] }
  | { kind: 'none' };

interface Compiled<T> {
  method: string;
  segments: { literal: string | null; param: string | null }[];
  target: T;
}

const NO_PARAMS: Record<string, string> = Object.freeze({});

/**
 * Matches paths against templates by segments: routes are grouped by segment count and first two
 * segments, so a request compares against a handful of candidates, not every route. A path without
 * parameters (`/v1/agents`) is found at once, its match made in advance.
 */
export class Router<T> {
  private readonly groups = new Map<string, Compiled<T>[]>();
  /** `METHOD path` of the templates without parameters. */
  private readonly statics = new Map<string, Match<T>>();
  /** Every path template, once, as the routes give them (`/v1/agents/{id}`). */
  readonly paths: readonly string[];

  constructor(routes: Route<T>[]) {
    this.paths = [...new Set(routes.map((route) => route.path))];
    for (const route of routes) {
      const parts = route.path.split('/').slice(1);
      const segments = parts.map((p) => {
        const param = /^\{(.+)\}$/.exec(p)?.[1] ?? null;
        return { literal: param ? null : p, param };
      });
      if (segments.every((s) => s.param === null)) {
        const found = { kind: 'found', target: route.target, params: NO_PARAMS } as const;
        this.statics.set(`${route.method} ${route.path}`, Object.freeze(found));
      }
      const key = groupKey(parts);
      const group = this.groups.get(key) ?? [];
      group.push({ method: route.method, segments, target: route.target });
      this.groups.set(key, group);
    }
  }

  /** The route for a method and path. */
  match(method: string, path: string): Match<T> {
    const found = this.statics.get(`${method} ${path}`);
    if (found !== undefined) return found;
    const parts = path.split('/').slice(1);
    const candidates = this.groups.get(groupKey(parts));
    if (!candidates) return { kind: 'none' };
    const allowed: string[] = [];
    for (const route of candidates) {
      const params = matchSegments(route.segments, parts);
      if (!params) continue;
      if (route.method === method) return { kind: 'found', target: route.target, params };
      if (!allowed.includes(route.method)) allowed.push(route.method);
    }
    return allowed.length > 0 ? { kind: 'method', allowed } : { kind: 'none' };
  }
}

/** Routes share a group by segment count and their first two segments (`/v1/agents`, `/__mock/api-keys`). */
function groupKey(parts: string[]): string {
  return `${parts.length}/${parts[0] ?? ''}/${parts[1] ?? ''}`;
}

function matchSegments(
  segments: Compiled<unknown>['segments'],
  parts: string[],
): Record<string, string> | null {
  const params: Record<string, string> = {};
  for (let i = 0; i < segments.length; i++) {
    const segment = segments[i] as Compiled<unknown>['segments'][number];
    const part = parts[i] as string;
    if (segment.literal !== null) {
      if (segment.literal !== part) return null;
    } else {
      if (part === '') return null;
      params[segment.param as string] = safeDecode(part);
    }
  }
  return params;
}

function safeDecode(part: string): string {
  try {
    return decodeURIComponent(part);
  } catch {
    return part;
  }
}
