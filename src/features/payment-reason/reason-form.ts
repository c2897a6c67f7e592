import { z } from 'zod';
import { validationMessage } from '../../shared/validation-messages.ts';
import { impedimentReasons, type ImpedimentReason } from '../../shared/payment-statuses.ts';
import { PAYMENT_REASON_TEXTS as TEXT } from './texts.ts';

export const COMMENT_MAX_LENGTH = 1000;

/**
 * The reasons form: one reason of `impedimentReasons`, and a comment of at most 1000 characters, required (after
 * trimming) when the reason is `other`. The output is ImpedimentCreatePost's body without the loan id: an empty
 * comment is left out.
 */
export const reasonFormSchema = z
  .object({
    reason: z.enum(impedimentReasons, { error: TEXT.reasonRequired }).nullable(),
    comment: z.string().max(COMMENT_MAX_LENGTH, validationMessage('maxLength', { maxLength: COMMENT_MAX_LENGTH })),
  })
  .superRefine((values, context) => {
    if (values.reason === null) context.addIssue({ code: 'custom', path: ['reason'], message: TEXT.reasonRequired });
    if (values.reason === 'other' && values.comment.trim() === '') {
      context.addIssue({ code: 'custom', path: ['comment'], message: TEXT.commentRequired });
    }
  })
  .transform(({ reason, comment }) => {
    const trimmed = comment.trim();
    return { reason: reason as ImpedimentReason, ...(trimmed === '' ? {} : { comment: trimmed }) };
  });

export type ReasonFormValues = z.input<typeof reasonFormSchema>;
export type ReasonForm = z.output<typeof reasonFormSchema>;
