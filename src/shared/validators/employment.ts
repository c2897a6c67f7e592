/**
 * Employment status, employer name and monthly income of the signup form (first document §3, §5): the status and
 * the income are required; companyName is required only for fullTimeEmployed (checked on the form object).
 */
import { z } from 'zod';
import { REQUIRED_MESSAGE } from './required.ts';
import { EMPLOYED_STATUS, employmentStatuses, isMonthlyIncome } from '../statuses.ts';
import type { EmploymentStatus, MonthlyIncome } from '../statuses.ts';

export const employmentStatusFieldSchema = z.enum(employmentStatuses, { error: REQUIRED_MESSAGE });

/** The employer name as typed (trimmed); whether it is required depends on the employment status. */
export const companyNameSchema = z.string({ error: REQUIRED_MESSAGE }).trim().optional();

export const requiresCompanyName = (status: EmploymentStatus | undefined): boolean => status === EMPLOYED_STATUS;

/** One of the monthly income options, given as a number or as the select's string value. */
export const monthlyIncomeFieldSchema = z
  .union([z.number(), z.string()], { error: REQUIRED_MESSAGE })
  .transform((value, ctx): MonthlyIncome => {
    const amount = typeof value === 'number' ? value : value.trim() === '' ? Number.NaN : Number(value);
    if (!isMonthlyIncome(amount)) {
      ctx.issues.push({ code: 'custom', message: REQUIRED_MESSAGE, input: value });
      return z.NEVER;
    }
    return amount;
  });

/**
 * Adds "companyName is required for fullTimeEmployed" to a form object carrying employmentStatus and companyName.
 * It runs even when other fields have errors, so a failed submit shows every problem at once.
 */
export function withCompanyNameRule<S extends z.ZodType<{ employmentStatus?: unknown; companyName?: unknown }>>(
  schema: S,
): S {
  return schema.refine(
    (form) => !requiresCompanyName(form.employmentStatus as EmploymentStatus) || !isBlank(form.companyName),
    {
      error: REQUIRED_MESSAGE,
      path: ['companyName'],
      when: ({ value }) => {
        const form = value as { employmentStatus?: unknown } | undefined;
        return form?.employmentStatus === EMPLOYED_STATUS;
      },
    },
  );
}

const isBlank = (value: unknown): boolean => typeof value !== 'string' || value.trim() === '';
