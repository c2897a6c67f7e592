/** The registration module: sign-up, the OTP page, the address step, PIN reset and password change. */
export { REGISTRATION_RATE_LIMITS } from './rate-limits.ts';
export { registrationRoutes } from './routes.ts';
