/** The client activity log module (`/logs/write`). */
export { logsRoutes } from './routes.ts';
