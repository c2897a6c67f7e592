/**
 * The calls module: welcome-call scheduling ('call me') from the call timing definitions, which it owns
 * (`call_timing_definitions`, `call_bookings`); a booking's to-do is the todo module's (calls → todo).
 */
export { callRoutes } from './routes.ts';
