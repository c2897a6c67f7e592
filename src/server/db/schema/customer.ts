import { boolean, date, index, integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import type { CustomerStatus } from '../../../shared/statuses.ts';
import { createdAt, updatedAt } from './columns.ts';
import { collectionCompanies } from './staff.ts';

export const customers = pgTable(
  'customers',
  {
    id: serial('id').primaryKey(),
    /** The spec's customer status: new, preRegistered, registered, systemApproved, declined, securityChecked, … */
    status: text('status').$type<CustomerStatus>().notNull().default('new'),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    email: text('email').notNull(),
    nationalId: text('national_id').notNull(),
    birthDate: date('birth_date', { mode: 'string' }).notNull(),
    /** Spanish mobile number, 9 digits without the +34 prefix. */
    phone: text('phone').notNull(),
    gender: text('gender'),
    employmentStatus: text('employment_status').notNull(),
    companyName: text('company_name'),
    /** The signup option in cents (0, 500 €, …, 3001 € meaning "over 3.000 €"). */
    monthlyIncomeCents: integer('monthly_income_cents').notNull(),
    /** The customer's reference code (the spec's additionalField), e.g. in bank-transfer descriptions. */
    referenceCode: text('reference_code').notNull(),
    isRtb: boolean('is_rtb').notNull().default(false),
    isBlacklist: boolean('is_blacklist').notNull().default(false),
    creditLimitCents: integer('credit_limit_cents').notNull().default(0),
    /** The minipréstamo's limit (docs/rules/bank-and-cards.md "Credit decision"), 0 until approved. */
    miniLimitCents: integer('mini_limit_cents').notNull().default(0),
    /** The member role: user for customers (staff roles exist in the wider system). */
    role: text('role').notNull().default('user'),
    /** The external collection company the customer is assigned to (its users see only these customers). */
    collectionCompanyId: integer('collection_company_id').references(() => collectionCompanies.id),
    passwordRequired: boolean('password_required').notNull().default(false),
    acceptPolicy: boolean('accept_policy').notNull().default(false),
    acceptMarketing: boolean('accept_marketing').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('customers_phone_key').on(t.phone),
    uniqueIndex('customers_reference_code_key').on(t.referenceCode),
    index('customers_national_id_idx').on(t.nationalId),
    index('customers_email_idx').on(t.email),
    index('customers_collection_company_idx').on(t.collectionCompanyId),
  ],
);

export const customerStatusHistory = pgTable(
  'customer_status_history',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    fromStatus: text('from_status').$type<CustomerStatus>(),
    toStatus: text('to_status').$type<CustomerStatus>().notNull(),
    /** Who: `customer`, `system`, `seed`, a job name or a staff member id. */
    changedBy: text('changed_by').notNull(),
    reason: text('reason'),
    createdAt: createdAt(),
  },
  (t) => [index('customer_status_history_customer_idx').on(t.customerId, t.createdAt)],
);

/** The customer's home address (registration step after the SMS code: preRegistered → registered). */
export const customerAddresses = pgTable('customer_addresses', {
  customerId: integer('customer_id')
    .primaryKey()
    .references(() => customers.id, { onDelete: 'cascade' }),
  street: text('street').notNull(),
  streetNumber: text('street_number').notNull(),
  floor: text('floor'),
  /** 5 digits; its first two are the province code (01-52). */
  postcode: text('postcode').notNull(),
  city: text('city').notNull(),
  province: text('province').notNull(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});
