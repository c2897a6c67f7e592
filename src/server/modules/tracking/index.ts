/** The affiliate tracking module: campaign clicks and their attachment to a customer. */
export { trackingRateLimit, trackingRoutes } from './routes.ts';
