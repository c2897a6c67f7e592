/** The affiliate tracking module: campaign clicks and their attachment to a customer. */
export { trackingRoutes } from './routes.ts';
