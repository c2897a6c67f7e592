import type { SessionDeps } from '../../auth/sessions.ts';
import type { CodeSmsDeps } from './code-sms.ts';

/**
 * The registration service: LightRegisterPost (register.ts), the OTP page (phone-confirmation.ts), SaveAddressPut
 * (address.ts), the PIN reset (password-reset.ts) and ChangePasswordPost (change-password.ts), rule files that all
 * take this one deps object: database, clock, keys, SMS provider. Built once per app in routes.ts.
 */
export interface RegistrationDeps extends SessionDeps, CodeSmsDeps {
  /** AES-256-GCM key of the register answer's hint (hint.ts). */
  hintKey: Uint8Array;
}
