/**
 * SMS delivery. The sandbox implementation writes the `sms_outbox` table (readable at `GET /sandbox/sms`) and the
 * server log; a real provider is configured with `SMS_PROVIDER_URL` / `SMS_PROVIDER_API_KEY` when SANDBOX is off.
 */

/** Why an SMS is sent; stored with it and useful to tell codes apart in the sandbox outbox. */
export type SmsPurpose =
  | 'registration'
  | 'login'
  | 'resetPin'
  | 'changeMobile'
  | 'repayLink'
  | 'handover'
  | 'reminder'
  | 'marketing'
  | (string & {});

export interface SmsReceipt {
  /** Provider's message id (the outbox row id in the sandbox). */
  id: string;
  provider: string;
}

export interface SmsProvider {
  readonly name: string;
  /** Send `text` to a 9-digit Spanish mobile number. Rejects when the provider refuses the message. */
  send(phone: string, text: string, purpose: SmsPurpose): Promise<SmsReceipt>;
}

/**
 * The text of an SMS carrying a one-time code, ending with the WebOTP line (`@<host> #<code>`) so Chrome on Android
 * can offer the code to the page (navigator.credentials.get({ otp })). The line must be the last one.
 */
export function withWebOtpLine(text: string, code: string, host: string): string {
  return `${text.trimEnd()}\n\n@${host} #${code}`;
}

/**
 * An SMS is sent in GSM-7, which has no no-break space: the one money formatting puts before '€' (MONEY_SPACE) would
 * turn the whole message into UCS-2 and halve its length. Every provider sends through this, so texts built for the
 * screen read the same in an SMS, with plain spaces.
 */
export function withPlainSpaces(provider: SmsProvider): SmsProvider {
  return {
    name: provider.name,
    send: (phone, text, purpose) => provider.send(phone, text.replace(/\u00a0/g, ' '), purpose),
  };
}
