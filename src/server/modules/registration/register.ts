import type { FastifyBaseLogger } from 'fastify';
import type { RegisterResult, SignupPayload } from '../../../shared/api/registration.ts';
import { hashPassword } from '../../auth/password.ts';
import { maskPhone } from '../../auth/phone-mask.ts';
import type { SessionMeta } from '../../auth/session-meta.ts';
import { issueSession } from '../../auth/sessions.ts';
import { recordStatusChange } from '../../db/status-history.ts';
import { BusinessError, HttpError } from '../../http/errors.ts';
import { PERMISSION_SOURCES, permissionsFromSignupConsent, savePermissions } from '../communication/index.ts';
import { insertNewCustomer } from '../customer/index.ts';
import { customerDetailsOf, findMemberById } from '../membership/index.ts';
import { sendCodeSms } from './code-sms.ts';
import {
  setPassword,
  emailRegistered,
  lockRegistrations,
  nationalIdRegistered,
  phoneRegistered,
} from './repository.ts';
import type { RegistrationDeps } from './service.ts';
import { encryptOtpHint } from './hint.ts';
import { validateSignup } from './signup-rules.ts';

/**
 * LightRegisterPost. After the signup rules (signup-rules.ts), one customer per phone and per DNI/NIE — either one
 * already registered answers CustomerAlreadyRegistered, the code the spec's register catalogue answers with its
 * 'Inicia sesión' confirm (PhoneAlreadyRegistered is kept for ChangeMobilePost, where the customer is logged in) —
 * and one per e-mail (EmailNotAvailable). Then, in one transaction: the customer in status `new` with its history
 * row, scrypt credentials, the communication permissions of acceptAgreement with their history row (source
 * 'registration'). Then the SMS with the registration code, a session, and `{ token, customerDetails, hint }`.
 *
 * The campaign `uId` has no column on the customer (affiliate clicks are attached by AttachAffilatesPost): it is
 * written to the log line of the registration, with the customer id.
 */
export async function registerCustomer(
  deps: RegistrationDeps,
  payload: SignupPayload,
  meta: SessionMeta,
  log: FastifyBaseLogger,
): Promise<RegisterResult> {
  const now = deps.clock.now();
  const signup = validateSignup(payload, now);
  const passwordHash = await hashPassword(signup.password);
  const refuse = (reason: string, error: BusinessError): never => {
    log.info(
      { event: 'registration', outcome: 'refused', reason, phone: maskPhone(signup.phone) },
      'registration refused',
    );
    throw error;
  };

  const customerId = await deps.db.transaction(async (tx) => {
    await lockRegistrations(tx);
    if (await phoneRegistered(tx, signup.phone))
      return refuse('phoneRegistered', new BusinessError('CustomerAlreadyRegistered'));
    if (await nationalIdRegistered(tx, signup.nationalId))
      return refuse('nationalIdRegistered', new BusinessError('CustomerAlreadyRegistered'));
    if (await emailRegistered(tx, signup.email))
      return refuse('emailRegistered', new BusinessError('EmailNotAvailable'));
    const id = await insertNewCustomer(tx, {
      firstName: signup.firstName,
      lastName: signup.lastName,
      email: signup.email,
      nationalId: signup.nationalId,
      birthDate: signup.birthDate,
      phone: signup.phone,
      employmentStatus: signup.employmentStatus,
      companyName: signup.companyName,
      monthlyIncomeCents: signup.monthlyIncome * 100,
      acceptPolicy: true,
      acceptMarketing: signup.acceptMarketing,
      createdAt: now,
      updatedAt: now,
    });
    if (id === null) return refuse('phoneRegistered', new BusinessError('CustomerAlreadyRegistered'));
    await setPassword(tx, id, passwordHash, now);
    await recordStatusChange(tx, 'customer', {
      id,
      from: null,
      to: 'new',
      changedBy: 'customer',
      reason: 'registration',
      at: now,
    });
    const consent = permissionsFromSignupConsent(signup.acceptMarketing);
    await savePermissions(tx, id, () => consent, { source: PERMISSION_SOURCES.registration, now });
    return id;
  });
  log.info(
    {
      event: 'registration',
      outcome: 'created',
      customerId,
      phone: maskPhone(signup.phone),
      acceptMarketing: signup.acceptMarketing,
      campaignUid: payload.uId ?? null,
    },
    'customer registered',
  );

  try {
    await sendCodeSms(
      deps,
      { phone: signup.phone, purpose: 'registration', smsPurpose: 'registration', customerId, waitForResend: false },
      log,
    );
  } catch {
    // Logged by sendCodeSms. The registration stands: the OTP page offers a new code (the failed one was withdrawn).
  }

  const session = await issueSession(deps, { id: customerId, role: 'user' }, meta);
  const member = await findMemberById(deps.db, customerId);
  if (!member) throw new HttpError('InternalError');
  return {
    token: session.token,
    customerDetails: customerDetailsOf(member),
    hint: encryptOtpHint(deps.hintKey, signup.phone, now),
  };
}
