import { routeList, type RouteDefinition } from '../shared/routes/table.ts';

/**
 * The rows of the route table that can match a pathname, for `<Routes>` (src/app/router.tsx).
 *
 * react-router ranks and matches every route it is given on every render of `<Routes>`: it flattens the list, scores
 * and sorts the branches and compiles one regular expression per path, each time (~2 ms a render for the ~50 rows
 * here, ~8 ms on a mid-range phone, several times that on the first, cold render). Given only the rows that can match
 * (usually one, plus the not-found row), it picks the same route.
 *
 * The filter must never drop a row react-router would match: each row's pattern here is looser than react-router's
 * (case-insensitive, any number of trailing slashes, every parameter optional and possibly empty) and is tried on the
 * path as react-router decodes it. tests/unit/app/route-candidates.test.ts checks that the route and parameters
 * matched from the candidates are those matched from the whole table.
 */

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function loosePattern(path: string): RegExp {
  const source = path
    .split('/')
    .filter((segment) => segment !== '')
    .map((segment) => {
      if (segment.startsWith(':')) return '(?:/[^/]*)?';
      const optional = segment.endsWith('?');
      const text = `/${escapeRegExp(optional ? segment.slice(0, -1) : segment)}`;
      return optional ? `(?:${text})?` : text;
    })
    .join('');
  return new RegExp(`^${source}/*$`, 'i');
}

const patterns = routeList
  .filter((route) => route.kind !== 'notFound')
  .map((route) => ({ route, pattern: loosePattern(route.path) }));
const catchAll = routeList.filter((route) => route.kind === 'notFound');

/** The pathname as react-router matches it: each segment percent-decoded, unchanged when a segment is malformed. */
function decodedPath(pathname: string): string {
  try {
    return pathname
      .split('/')
      .map((segment) => decodeURIComponent(segment).replace(/\//g, '%2F'))
      .join('/');
  } catch {
    return pathname;
  }
}

const cache = new Map<string, readonly RouteDefinition[]>();
const CACHE_SIZE = 50;

/** The rows that may match `pathname` (table order), always with the not-found row last. */
export function routeCandidates(pathname: string): readonly RouteDefinition[] {
  const cached = cache.get(pathname);
  if (cached) return cached;
  const decoded = decodedPath(pathname);
  const found = [...patterns.filter(({ pattern }) => pattern.test(decoded)).map(({ route }) => route), ...catchAll];
  if (cache.size >= CACHE_SIZE) cache.delete(cache.keys().next().value as string);
  cache.set(pathname, found);
  return found;
}
