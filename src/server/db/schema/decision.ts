import { index, integer, jsonb, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.ts';
import { customers } from './customer.ts';

/**
 * Every credit decision with what it was based on and why (creditworthiness assessment, EU Directive 2023/2225
 * art. 18): the inputs as the rule engine saw them, the reasons in order, the outcome and the limit granted. Rows
 * are never updated: a new decision is a new row.
 */
export const creditDecisions = pgTable(
  'credit_decisions',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    /** `systemApproved` or `declined`. */
    outcome: text('outcome', { enum: ['systemApproved', 'declined'] }).notNull(),
    /** The credit limit granted (0 when declined). */
    limitCents: integer('limit_cents').notNull(),
    /** The minipréstamo's limit granted (0 when declined, and on decisions made before it existed). */
    miniLimitCents: integer('mini_limit_cents').notNull().default(0),
    /** The rule set's version, so an old decision can be explained with the rules of its day. */
    rulesVersion: text('rules_version').notNull(),
    /** What triggered it: `firstAccountLinked`, `loanRepaid`, `seed`, … */
    trigger: text('trigger').notNull(),
    /** The inputs (age, declared income, salary found, blacklist, …), JSON. */
    inputs: jsonb('inputs').notNull(),
    /** The rules that decided, each `{ rule, passed, detail }`, JSON. */
    reasons: jsonb('reasons').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('credit_decisions_customer_idx').on(t.customerId, t.createdAt)],
);
