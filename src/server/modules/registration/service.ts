import type { FastifyInstance } from 'fastify';
import { deriveKey } from '../../auth/derived-keys.ts';
import type { SessionDeps } from '../../auth/sessions.ts';
import type { CodeSmsDeps } from './code-sms.ts';

/**
 * The registration service: LightRegisterPost (register.ts), the OTP page (phone-confirmation.ts), SaveAddressPut
 * (address.ts), the PIN reset (password-reset.ts) and ChangePasswordPost (change-password.ts), rule files that all
 * take this one deps object: database, clock, keys, SMS provider. Built once per app by `registrationDeps`.
 */
export interface RegistrationDeps extends SessionDeps, CodeSmsDeps {
  /** AES-256-GCM key of the register answer's hint (hint.ts). */
  hintKey: Uint8Array;
}

export function registrationDeps(app: FastifyInstance): RegistrationDeps {
  return {
    db: app.db,
    clock: app.clock,
    jwtKey: app.secrets.jwtKey,
    codeKey: deriveKey(app.secrets.jwtKey, 'one-time-codes'),
    hintKey: deriveKey(app.secrets.jwtKey, 'otp-hint'),
    sms: app.providers.sms,
    webOtpHost: app.config.webOtpHost,
  };
}
