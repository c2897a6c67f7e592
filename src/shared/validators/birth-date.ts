/**
 * Birth date (first document §5): required, a valid YYYY-MM-DD, between 75 and 18 years ago counted from today in
 * Europe/Madrid, both ends included (a customer may sign up on their 18th birthday and on their 75th).
 */
import { z } from 'zod';
import { AGE } from '../constants.ts';
import { formatMessage } from '../messages.ts';
import { VALIDATION_MESSAGES } from '../validation-messages.ts';
import { PRODUCT_MESSAGES } from '../messages-identity.ts';
import { madridToday, parseIsoDate, toIsoDate, yearsBefore } from './madrid-today.ts';
import { requiredString } from './required.ts';

export interface BirthDateBounds {
  /** The earliest accepted birth date (75 years ago), `YYYY-MM-DD`. */
  readonly earliest: string;
  /** The latest accepted birth date (18 years ago), `YYYY-MM-DD`. */
  readonly latest: string;
}

/** The accepted range, also the min and max of the date picker. */
export function birthDateBounds(now: Date = new Date()): BirthDateBounds {
  const today = madridToday(now);
  return { earliest: toIsoDate(yearsBefore(today, AGE.max)), latest: toIsoDate(yearsBefore(today, AGE.min)) };
}

/** `YYYY-MM-DD` → `DD/MM/YYYY`, the spec's display format. */
const displayDate = (iso: string) => iso.split('-').reverse().join('/');

/** A birth-date schema; without `now` it reads the clock at each validation. */
export function makeBirthDateSchema(now?: Date) {
  return requiredString().pipe(
    z.string().check((ctx) => {
      const date = parseIsoDate(ctx.value);
      if (date === undefined) {
        ctx.issues.push({ code: 'custom', message: VALIDATION_MESSAGES.dateValid, input: ctx.value });
        return;
      }
      const { earliest, latest } = birthDateBounds(now ?? new Date());
      const iso = toIsoDate(date);
      if (iso > latest) {
        ctx.issues.push({
          code: 'custom',
          message: formatMessage(PRODUCT_MESSAGES.birthDateTooYoung, { min: AGE.min }),
          input: ctx.value,
        });
      } else if (iso < earliest) {
        ctx.issues.push({
          code: 'custom',
          message: formatMessage(PRODUCT_MESSAGES.birthDateTooOld, { date: displayDate(earliest) }),
          input: ctx.value,
        });
      }
    }),
  );
}

export const birthDateSchema = makeBirthDateSchema();
