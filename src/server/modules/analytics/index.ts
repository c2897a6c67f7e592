/** The product's own analytics: page views and events, stored and counted (no third party). */
export { analyticsRateLimit, analyticsRoutes } from './routes.ts';
