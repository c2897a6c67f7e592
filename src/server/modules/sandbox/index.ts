/** Sandbox pages and data (only while SANDBOX is on). */
export { sandboxRoutes } from './routes.ts';
