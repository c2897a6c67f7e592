import { z } from 'zod';
import { LOGIN_TEXTS } from './texts.ts';

const { errors } = LOGIN_TEXTS;

/** Step 1: the work e-mail and the password, as `StaffLoginPost` takes them. */
export const credentialsSchema = z.object({
  email: z
    .string()
    .trim()
    .min(1, errors.emailRequired)
    .pipe(z.email({ error: errors.emailInvalid })),
  password: z.string().min(1, errors.passwordRequired).max(128, errors.passwordTooLong),
});

/** Step 2: the 6 digits of the authenticator app (spaces typed or pasted between them are dropped). */
export const codeSchema = z.object({
  code: z
    .string()
    .transform((value) => value.replace(/\s+/g, ''))
    .pipe(z.string().regex(/^\d{6}$/, errors.codeInvalid)),
});
