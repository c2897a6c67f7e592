import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { routeKeys, type RouteKey } from '../shared/routes.ts';
import HomePage from './pages/HomePage.tsx';

/**
 * The page of each route, loaded on demand (one chunk per page, precached by the service worker). Routes whose
 * feature is not built yet show the upcoming-page notice under their own title; each feature replaces its line.
 */
type PageModule = { default: ComponentType };

/**
 * The landing page ships with the first load: its hero is the largest paint of a first visit, and a lazy chunk would
 * add a round trip before it (Lighthouse LCP). Every other page is lazy.
 */
const homePage: PageModule = { default: HomePage };

const loaders: Partial<Record<RouteKey, () => Promise<PageModule>>> = {
  home: () => Promise.resolve(homePage),
  account: () => import('./pages/AccountPage.tsx'),
  designGuide: () => import('../features/design-guide/DesignGuidePage.tsx'),
};

const upcoming = () => import('./pages/UpcomingPage.tsx');

/** The lazy page component of every route, created once at start (React needs stable component identities). */
export const pages: Readonly<Record<RouteKey, LazyExoticComponent<ComponentType>>> = Object.fromEntries(
  routeKeys.map((key) => [key, lazy(loaders[key] ?? upcoming)]),
) as Record<RouteKey, LazyExoticComponent<ComponentType>>;

/** Whether a route has its own page yet (the rest show the upcoming notice). */
export const hasOwnPage = (key: RouteKey): boolean => key in loaders;
