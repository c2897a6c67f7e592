/**
 * E-mail addresses (first document §5, second document §5). The signup field also runs the typo check of
 * `@zootools/email-spell-checker` (the maintained TypeScript fork of `mailcheck`, same algorithm and thresholds;
 * `mailcheck` itself is unmaintained since 2015): a likely misspelt domain is rejected with 'Email no válido (Quizás quisiste decir: …)', and an address
 * with consecutive dots gets the same message with the dots collapsed as the suggestion.
 */
import { run as spellCheckEmail } from '@zootools/email-spell-checker';
import { z } from 'zod';
import { formatMessage } from '../messages.ts';
import { VALIDATION_MESSAGES } from '../validation-messages.ts';
import { FIELD_MESSAGES } from '../messages-identity.ts';
import { isStorableText } from '../text.ts';
import { requiredString } from './required.ts';

/** mailcheck's default lists (kept, so the suggestions stay as they were), from mailcheck 1.1.1. */
const MAILCHECK_DOMAINS = [
  'msn.com',
  'bellsouth.net',
  'telus.net',
  'comcast.net',
  'optusnet.com.au',
  'earthlink.net',
  'qq.com',
  'sky.com',
  'icloud.com',
  'mac.com',
  'sympatico.ca',
  'googlemail.com',
  'att.net',
  'xtra.co.nz',
  'web.de',
  'cox.net',
  'gmail.com',
  'ymail.com',
  'aim.com',
  'rogers.com',
  'verizon.net',
  'rocketmail.com',
  'google.com',
  'optonline.net',
  'sbcglobal.net',
  'aol.com',
  'me.com',
  'btinternet.com',
  'charter.net',
  'shaw.ca',
];
const MAILCHECK_SECOND_LEVEL_DOMAINS = ['yahoo', 'hotmail', 'mail', 'live', 'outlook', 'gmx'];
// prettier-ignore
const MAILCHECK_TOP_LEVEL_DOMAINS = [
  'com', 'com.au', 'com.tw', 'ca', 'co.nz', 'co.uk', 'de', 'fr', 'it', 'ru', 'net', 'org', 'edu', 'gov', 'jp', 'nl',
  'kr', 'se', 'eu', 'ie', 'co.il', 'us', 'at', 'be', 'dk', 'hk', 'es', 'gr', 'ch', 'no', 'cz', 'in', 'net',
  'net.au', 'info', 'biz', 'mil', 'co.jp', 'sg', 'hu',
];

/** mailcheck's lists plus the mailbox providers common in Spain, so their real domains are never "corrected". */
const DOMAINS = [
  ...MAILCHECK_DOMAINS,
  'gmail.com',
  'hotmail.com',
  'hotmail.es',
  'outlook.com',
  'outlook.es',
  'live.com',
  'live.es',
  'yahoo.com',
  'yahoo.es',
  'icloud.com',
  'proton.me',
  'protonmail.com',
  'gmx.es',
  'gmx.com',
  'telefonica.net',
  'movistar.es',
  'orange.es',
  'vodafone.es',
  'ono.com',
  'terra.es',
  'euskaltel.net',
  'jazztel.es',
];
const SECOND_LEVEL_DOMAINS = [...MAILCHECK_SECOND_LEVEL_DOMAINS];
const TOP_LEVEL_DOMAINS = [...MAILCHECK_TOP_LEVEL_DOMAINS, 'me', 'cat', 'eus', 'gal', 'pt', 'com.es', 'org.es'];

const isEmailFormat = (email: string): boolean => z.email().safeParse(email).success;

/**
 * The address the customer probably meant, or undefined when there is nothing to suggest: consecutive dots are
 * collapsed to one, then a misspelt domain is corrected by the spell checker. Text that is not well-formed
 * (a lone surrogate, which makes the checker's `encodeURI` throw) or holds a NUL gets no suggestion: the format
 * check and the contract refuse it.
 */
export function suggestEmail(email: string): string | undefined {
  const typed = email.trim();
  if (typed === '' || !isStorableText(typed)) return undefined;
  const withoutDoubleDots = typed.replace(/\.{2,}/g, '.');
  if (withoutDoubleDots !== typed) return withoutDoubleDots;
  const suggestion = spellCheckEmail({
    email: typed,
    domains: DOMAINS,
    secondLevelDomains: SECOND_LEVEL_DOMAINS,
    topLevelDomains: TOP_LEVEL_DOMAINS,
  });
  return suggestion && suggestion.full.toLowerCase() !== typed.toLowerCase() ? suggestion.full : undefined;
}

/** 'Email no válido (Quizás quisiste decir: {suggestion})' */
export const emailSuggestionMessage = (suggestion: string): string =>
  formatMessage(FIELD_MESSAGES.emailSuggestion, { suggestion });

export interface EmailSchemaOptions {
  /**
   * Addresses the customer confirmed as typed after seeing the suggestion (compared without case): they are not
   * rejected again for the suggestion, only for an invalid format.
   */
  readonly acceptAsTyped?: readonly string[];
}

/** The signup e-mail: required, valid format, and no typo suggestion pending. */
export function makeEmailSchema({ acceptAsTyped = [] }: EmailSchemaOptions = {}) {
  const accepted = new Set(acceptAsTyped.map((email) => email.trim().toLowerCase()));
  return requiredString().pipe(
    z.string().check((ctx) => {
      const email = ctx.value;
      const suggestion = accepted.has(email.toLowerCase()) ? undefined : suggestEmail(email);
      if (suggestion !== undefined) {
        ctx.issues.push({ code: 'custom', message: emailSuggestionMessage(suggestion), input: email });
      } else if (!isEmailFormat(email)) {
        ctx.issues.push({ code: 'custom', message: VALIDATION_MESSAGES.email, input: email });
      }
    }),
  );
}

export const emailSchema = makeEmailSchema();

/** A plain e-mail field (update-email form): required and a valid address, 'Email no válido' otherwise. */
export const plainEmailSchema = requiredString().pipe(
  z.string().refine(isEmailFormat, { error: VALIDATION_MESSAGES.email }),
);
