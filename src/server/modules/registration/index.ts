/** The registration module: sign-up, the OTP page, the address step, PIN reset and password change. */
export { registrationRoutes } from './routes.ts';
