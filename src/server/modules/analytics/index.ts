/** The product's own analytics: page views and events, stored and counted (no third party). */
export { analyticsRoutes } from './routes.ts';
