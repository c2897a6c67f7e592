/** Path building and matching on the route table (table.ts). */
import {
  routeList,
  routes,
  type BuildPathArgs,
  type ParamValue,
  type QueryValue,
  type RouteKey,
  type RouteQuery,
} from './table.ts';

/**
 * The path of a route with its parameters filled in and the given query appended. Optional parameters that are
 * absent drop their segment; query values that are null, undefined or '' are left out. Every link uses this.
 */
export function buildPath<K extends RouteKey>(key: K, ...[params, query]: BuildPathArgs<K>): string {
  return fillPath(key, params as Record<string, ParamValue | null | undefined> | undefined, query as RouteQuery<K>);
}

/** buildPath without the per-route parameter types, for keys only known at run time. */
export function fillPath(
  key: RouteKey,
  params?: Readonly<Record<string, ParamValue | null | undefined>>,
  query?: Readonly<Record<string, QueryValue>>,
): string {
  const definition = routes[key];
  if (definition.kind === 'notFound') throw new Error('The not-found route has no path to build.');
  const values = params ?? {};
  const segments: string[] = [];
  for (const segment of definition.path.split('/')) {
    if (!segment.startsWith(':')) {
      segments.push(segment);
      continue;
    }
    const optional = segment.endsWith('?');
    const name = optional ? segment.slice(1, -1) : segment.slice(1);
    const value = values[name];
    if (value === undefined || value === null || value === '') {
      if (optional) continue;
      throw new Error(`Missing route parameter "${name}" for route "${key}".`);
    }
    segments.push(encodeURIComponent(String(value)));
  }
  const path = segments.join('/') || '/';
  return path + toQueryString(query ?? {});
}

/** `?a=1&b=2` from the defined values, or '' when none. */
export function toQueryString(query: Readonly<Record<string, QueryValue>>): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    search.append(name, String(value));
  }
  const text = search.toString();
  return text === '' ? '' : `?${text}`;
}

export interface RouteMatch {
  readonly key: RouteKey;
  readonly params: Readonly<Record<string, string>>;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const matchers = routeList
  .filter((route) => route.kind !== 'notFound')
  .map((route) => {
    const names: string[] = [];
    const pattern = route.path
      .split('/')
      .filter((segment) => segment !== '')
      .map((segment) => {
        if (!segment.startsWith(':')) return `/${escapeRegExp(segment)}`;
        const optional = segment.endsWith('?');
        names.push(optional ? segment.slice(1, -1) : segment.slice(1));
        return optional ? '(?:/([^/]+))?' : '/([^/]+)';
      })
      .join('');
    // Case-insensitive, as React Router's <Route> matches (caseSensitive defaults to false).
    return { key: route.key, names, regex: new RegExp(`^${pattern}/?$`, 'i') };
  });

/** The route of a pathname (no query), with its decoded parameters; any unknown path is `notFound`. */
export function matchRoute(pathname: string): RouteMatch {
  for (const { key, names, regex } of matchers) {
    const found = regex.exec(pathname);
    if (!found) continue;
    const params: Record<string, string> = {};
    names.forEach((name, index) => {
      const value = found[index + 1];
      if (value !== undefined) params[name] = decodeURIComponent(value);
    });
    return { key, params };
  }
  return { key: 'notFound', params: {} };
}
