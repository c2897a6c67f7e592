import type { FastifyInstance } from 'fastify';
import {
  ChangeMobilePost,
  LightRegisterPost,
  PinValidatePost,
  ResendPinPost,
  SaveAddressPut,
  ChangePasswordPost,
  ForgotPinPost,
  ValidateAndChangePasswordPost,
} from '../../../shared/api/registration.ts';
import { deriveKey } from '../../auth/derived-keys.ts';
import { sessionMetaOf } from '../../auth/session-meta.ts';
import { registerCall } from '../../http/register-call.ts';
import { keyedRateLimit, type KeyedRateLimit } from '../../plugins/keyed-rate-limit.ts';
import { saveCustomerAddress } from './address.ts';
import { changePassword } from './change-password.ts';
import type { RegistrationDeps } from './service.ts';
import { requestPasswordReset, resetPassword } from './password-reset.ts';
import { changeUnconfirmedMobile, confirmMobile, resendRegistrationCode } from './phone-confirmation.ts';
import { perCustomer, perPhone, REGISTRATION_RATE_LIMITS as LIMITS } from './rate-limits.ts';
import { registerCustomer } from './register.ts';

const registrationDeps = (app: FastifyInstance): RegistrationDeps => ({
  db: app.db,
  clock: app.clock,
  jwtKey: app.secrets.jwtKey,
  codeKey: deriveKey(app.secrets.jwtKey, 'one-time-codes'),
  hintKey: deriveKey(app.secrets.jwtKey, 'otp-hint'),
  sms: app.providers.sms,
  webOtpHost: app.config.webOtpHost,
});

/**
 * Registration and the PIN/password flows: LightRegisterPost, PinValidatePost, ResendPinPost, ChangeMobilePost,
 * SaveAddressPut (`/api/customer/light/…`), ForgotPinPost, ValidateAndChangePasswordPost, ChangePasswordPost
 * (`/api/membership/…`). Handlers only pass the request on to the services of this folder.
 */
export async function registrationRoutes(app: FastifyInstance): Promise<void> {
  const deps = registrationDeps(app);

  /** A route with a second, keyed limiter: its own scope, so the preHandler hook applies to it alone. */
  const scoped = (limit: KeyedRateLimit, register: (scope: FastifyInstance) => void) =>
    app.register(async (scope) => {
      const hook = keyedRateLimit(scope, limit);
      if (hook) scope.addHook('preHandler', hook);
      register(scope);
    });

  await scoped(perPhone('register', LIMITS.register.phone), (scope) =>
    registerCall(
      scope,
      LightRegisterPost,
      ({ body, request }) => registerCustomer(deps, body, sessionMetaOf(request), request.log),
      { rateLimit: LIMITS.register.ip },
    ),
  );
  registerCall(
    app,
    PinValidatePost,
    ({ body, requireCustomer, request }) => confirmMobile(deps, requireCustomer(), body.pin, request.log),
    { rateLimit: LIMITS.pinValidate.ip },
  );
  await scoped(perCustomer('resendPin', LIMITS.resendPin.customer), (scope) =>
    registerCall(
      scope,
      ResendPinPost,
      ({ requireCustomer, request }) => resendRegistrationCode(deps, requireCustomer(), request.log),
      { rateLimit: LIMITS.resendPin.ip },
    ),
  );
  await scoped(perCustomer('changeMobile', LIMITS.changeMobile.customer), (scope) =>
    registerCall(
      scope,
      ChangeMobilePost,
      ({ body, requireCustomer, request }) => changeUnconfirmedMobile(deps, requireCustomer(), body, request.log),
      { rateLimit: LIMITS.changeMobile.ip },
    ),
  );
  registerCall(app, SaveAddressPut, ({ body, requireCustomer, request }) =>
    saveCustomerAddress(deps, requireCustomer(), body, request.log),
  );
  await scoped(perPhone('forgotPin', LIMITS.forgotPin.phone), (scope) =>
    registerCall(scope, ForgotPinPost, ({ body, request }) => requestPasswordReset(deps, body, request.log), {
      rateLimit: LIMITS.forgotPin.ip,
    }),
  );
  await scoped(perPhone('resetPassword', LIMITS.resetPassword.phone), (scope) =>
    registerCall(
      scope,
      ValidateAndChangePasswordPost,
      ({ body, request }) => resetPassword(deps, body, sessionMetaOf(request), request.log),
      { rateLimit: LIMITS.resetPassword.ip },
    ),
  );
  registerCall(app, ChangePasswordPost, ({ body, requireCustomer, request }) =>
    changePassword(deps, requireCustomer(), body, request.log),
  );
}
