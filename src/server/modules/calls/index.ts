/** The calls module: welcome-call scheduling ('call me') from the call timing definitions. */
export { callRoutes } from './routes.ts';
