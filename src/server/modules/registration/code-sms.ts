import type { FastifyBaseLogger } from 'fastify';
import { BRAND, ONE_TIME_CODE } from '../../../shared/constants.ts';
import {
  issueOneTimeCode,
  withdrawOneTimeCode,
  type OneTimeCodeDeps,
  type OneTimeCodePurpose,
} from '../../auth/one-time-codes.ts';
import { withWebOtpLine, type SmsProvider, type SmsPurpose } from '../../providers/sms.ts';

/**
 * Sending a one-time code by SMS. The text is Spanish and its last line is the WebOTP line `@<host> #<code>`
 * (https://wicg.github.io/web-otp/, origin-bound one-time codes), so Chrome offers the code to the page of
 * PUBLIC_URL's host. The sandbox provider writes it to the outbox (`/sandbox/sms`) and the server log; nothing
 * else ever logs a code.
 */

export interface CodeSmsDeps extends OneTimeCodeDeps {
  sms: SmsProvider;
  /** The host of PUBLIC_URL (config.webOtpHost). */
  webOtpHost: string;
}

const LIFETIME_MINUTES = Math.round(ONE_TIME_CODE.lifetimeMs / 60_000);

/** The Spanish SMS of each purpose (the spec gives none): the code, its life, and a warning not to share it. */
export function codeSmsText(purpose: OneTimeCodePurpose, code: string, host: string): string {
  const text =
    purpose === 'registration'
      ? `${BRAND}: tu código de verificación es ${code}. Caduca en ${LIFETIME_MINUTES} minutos. No lo compartas con nadie.`
      : `${BRAND}: tu PIN para crear una nueva contraseña es ${code}. Caduca en ${LIFETIME_MINUTES} minutos. Si no lo has pedido tú, ignora este mensaje.`;
  return withWebOtpLine(text, code, host);
}

export interface CodeSmsRequest {
  phone: string;
  purpose: OneTimeCodePurpose;
  /** What the outbox records: registration, changeMobile, resetPin. */
  smsPurpose: SmsPurpose;
  customerId: number;
  /** false for the first code of a registration (no 60-second wait). */
  waitForResend?: boolean;
}

/**
 * Issues a code (the previous one of the phone and purpose stops working) and sends it. When the provider refuses
 * the SMS, the code is withdrawn (the customer may ask again at once) and the error is thrown.
 */
export async function sendCodeSms(deps: CodeSmsDeps, request: CodeSmsRequest, log: FastifyBaseLogger): Promise<void> {
  const issued = await issueOneTimeCode(deps, request.phone, request.purpose, {
    waitForResend: request.waitForResend ?? true,
  });
  const logged = { event: 'oneTimeCode', purpose: request.purpose, codeId: issued.id, customerId: request.customerId };
  try {
    const receipt = await deps.sms.send(
      request.phone,
      codeSmsText(request.purpose, issued.code, deps.webOtpHost),
      request.smsPurpose,
    );
    log.info({ ...logged, action: 'sent', smsId: receipt.id, provider: receipt.provider }, 'one-time code sent');
  } catch (error) {
    await withdrawOneTimeCode(deps, issued.id);
    log.error({ ...logged, action: 'sendFailed', err: error }, 'one-time code could not be sent');
    throw error;
  }
}
