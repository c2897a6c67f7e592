/** The card module (read side for now): the customer's cards (CustomerMiniGet). */
export { cardRoutes } from './routes.ts';
