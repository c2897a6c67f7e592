import { z } from 'zod';
import { PASSWORD_TEXTS } from './texts.ts';

const { errors } = PASSWORD_TEXTS;

/** Characters as the server counts them (code points), so an emoji counts once. */
const length = (value: string) => [...value].length;

/** Staff passwords: 12 to 128 characters, not the current one, typed twice (docs/backoffice.md §1). */
export const changePasswordSchema = z
  .object({
    currentPassword: z.string().min(1, errors.currentRequired).max(128, errors.tooLong),
    newPassword: z
      .string()
      .refine((value) => length(value) >= 12, errors.tooShort)
      .refine((value) => length(value) <= 128, errors.tooLong),
    repeatPassword: z.string(),
  })
  .superRefine((values, context) => {
    if (values.newPassword !== '' && values.newPassword === values.currentPassword)
      context.addIssue({ code: 'custom', path: ['newPassword'], message: errors.sameAsCurrent });
    if (values.repeatPassword !== values.newPassword)
      context.addIssue({ code: 'custom', path: ['repeatPassword'], message: errors.mismatch });
  });

export type ChangePasswordValues = z.output<typeof changePasswordSchema>;
