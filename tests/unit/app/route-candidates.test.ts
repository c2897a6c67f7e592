// @vitest-environment node
import { matchRoutes, type RouteObject } from 'react-router';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { routeCandidates } from '../../../src/app/route-candidates.ts';
import { routeList, type RouteDefinition } from '../../../src/shared/routes/table.ts';

// <Routes> is given only routeCandidates(pathname): react-router must pick the same route, with the same parameters,
// as from the whole table, for every kind of path a customer or a crawler can type.

const asRoutes = (list: readonly RouteDefinition[]): RouteObject[] => [
  { children: list.map((route) => ({ id: route.key, path: route.path })) },
];
const whole = asRoutes(routeList);

function matched(routes: RouteObject[], pathname: string) {
  const matches = matchRoutes(routes, pathname) ?? [];
  const last = matches[matches.length - 1];
  return last ? { id: last.route.id, params: last.params } : null;
}

const PARAM_VALUES = ['12', 'abc-DEF', 'Ñandú', '%C3%91', 'a%2Fb', '0'];

/** Concrete paths of a route's pattern: each parameter present with several values, or absent when optional. */
function pathsOf(pattern: string): string[] {
  let paths = [''];
  for (const segment of pattern.split('/').filter((part) => part !== '')) {
    if (segment === '*') return paths.flatMap((path) => [`${path}/x`, `${path}/x/y`]);
    const optional = segment.endsWith('?');
    const values = segment.startsWith(':') ? PARAM_VALUES : [optional ? segment.slice(0, -1) : segment];
    paths = paths.flatMap((path) => [...values.map((value) => `${path}/${value}`), ...(optional ? [path] : [])]);
  }
  return paths.map((path) => path || '/');
}

const variants = (path: string) => [
  path,
  `${path}/`,
  `${path}//`,
  path.toUpperCase(),
  path.replace(/^\/(.)/, (_, first: string) => `/${first.toUpperCase()}`),
  `${path}/extra`,
  path.replace(/-/g, '%2D'),
  path.replace(/a/, '%61'),
  `${path}%`,
  `${path}/%E0%A4%A`,
];

const samples = [
  ...new Set([
    ...routeList.flatMap((route) => pathsOf(route.path)).flatMap(variants),
    '/',
    '//',
    '/unknown',
    '/loan-request/unknown/deeper',
    '/%',
    '/..',
    '/%2F',
  ]),
];

describe('the route candidates given to <Routes>', () => {
  // react-router warns about each malformed path it is given (the samples have many on purpose).
  beforeAll(() => void vi.spyOn(console, 'warn').mockImplementation(() => undefined));

  it(`match as the whole table does, on ${samples.length} paths`, () => {
    expect(samples.length).toBeGreaterThan(500);
    const differences = samples
      .map((pathname) => ({
        pathname,
        whole: matched(whole, pathname),
        candidates: matched(asRoutes(routeCandidates(pathname)), pathname),
      }))
      .filter(({ whole: expected, candidates }) => JSON.stringify(expected) !== JSON.stringify(candidates));
    expect(differences).toEqual([]);
  });

  it('are few: the matching row(s) and the not-found row', () => {
    expect(routeCandidates('/').map((route) => route.key)).toEqual(['home', 'notFound']);
    expect(routeCandidates('/como-funciona').length).toBeLessThanOrEqual(3);
    expect(routeCandidates('/no-such-page').map((route) => route.key)).toEqual(['notFound']);
  });

  it('keeps every matchable row of the table (each one is a candidate for its own paths)', () => {
    for (const route of routeList.filter((row) => row.kind !== 'notFound')) {
      for (const pathname of pathsOf(route.path)) {
        expect(routeCandidates(pathname), pathname).toContain(route);
      }
    }
  });
});
