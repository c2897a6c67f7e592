import { z } from 'zod';

/**
 * Whether an e-mail address can receive the contract and the loan's notices (AssignAgreementPost,
 * AddNewEmailPost). An address is deliverable when it is well-formed (the same zod format check as the
 * 'Email no válido' field rule) and its domain is not a throw-away or reserved-for-nothing domain:
 *
 * - disposable-mailbox services (the addresses vanish within minutes or hours, so the signed contract and the
 *   payment notices would be lost): `DISPOSABLE_EMAIL_DOMAINS` and any subdomain of them;
 * - `.invalid` and `.localhost` (RFC 2606/6761: can never receive mail).
 *
 * `example.com` and other documentation domains are accepted on purpose: the demo customers use them.
 * The list is deliberately short and the check lives here once, shared by the server and any client that wants
 * to warn early.
 */
export const DISPOSABLE_EMAIL_DOMAINS: readonly string[] = [
  'mailinator.com',
  'yopmail.com',
  'yopmail.fr',
  'guerrillamail.com',
  'guerrillamail.net',
  'sharklasers.com',
  '10minutemail.com',
  'temp-mail.org',
  'tempmail.com',
  'tempmail.net',
  'throwawaymail.com',
  'trashmail.com',
  'getnada.com',
  'maildrop.cc',
  'dispostable.com',
  'mintemail.com',
  'mohmal.com',
  'emailondeck.com',
  'fakeinbox.com',
  'mailnesia.com',
];

const UNDELIVERABLE_TLDS = ['invalid', 'localhost'];

const isEmailFormat = (email: string): boolean => z.email().safeParse(email).success;

export type EmailProblem = 'format' | 'undeliverable';

/** Null for a deliverable address; `format` when it is not an address, `undeliverable` for a refused domain. */
export function emailProblem(email: string): EmailProblem | null {
  const address = email.trim().toLowerCase();
  if (!isEmailFormat(address)) return 'format';
  const domain = address.slice(address.lastIndexOf('@') + 1);
  const labels = domain.split('.');
  if (UNDELIVERABLE_TLDS.includes(labels.at(-1) ?? '')) return 'undeliverable';
  for (let start = 0; start < labels.length - 1; start += 1) {
    if (DISPOSABLE_EMAIL_DOMAINS.includes(labels.slice(start).join('.'))) return 'undeliverable';
  }
  return null;
}
