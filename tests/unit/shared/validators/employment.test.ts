// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { employmentStatusFieldSchema, monthlyIncomeFieldSchema } from '../../../../src/shared/validators/index.ts';
import { firstMessage } from './helpers.ts';

describe('employment status', () => {
  it('accepts the nine statuses and requires one', () => {
    expect(employmentStatusFieldSchema.parse('fullTimeEmployed')).toBe('fullTimeEmployed');
    expect(employmentStatusFieldSchema.parse('onBenefits')).toBe('onBenefits');
    expect(firstMessage(employmentStatusFieldSchema, '')).toBe('Campo obligatorio');
    expect(firstMessage(employmentStatusFieldSchema, undefined)).toBe('Campo obligatorio');
    expect(firstMessage(employmentStatusFieldSchema, 'astronaut')).toBe('Campo obligatorio');
  });
});

describe('monthly income', () => {
  it('accepts the options as numbers or as the select string, 0 meaning no income', () => {
    expect(monthlyIncomeFieldSchema.parse(0)).toBe(0);
    expect(monthlyIncomeFieldSchema.parse('0')).toBe(0);
    expect(monthlyIncomeFieldSchema.parse('3001')).toBe(3001);
    expect(monthlyIncomeFieldSchema.parse(1500)).toBe(1500);
  });

  it('is required: empty is not "no income"', () => {
    expect(firstMessage(monthlyIncomeFieldSchema, '')).toBe('Campo obligatorio');
    expect(firstMessage(monthlyIncomeFieldSchema, undefined)).toBe('Campo obligatorio');
  });

  it('refuses amounts that are not options', () => {
    expect(firstMessage(monthlyIncomeFieldSchema, 750)).toBe('Campo obligatorio');
    expect(firstMessage(monthlyIncomeFieldSchema, '3500')).toBe('Campo obligatorio');
  });
});
