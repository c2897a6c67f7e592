import { timestamp } from 'drizzle-orm/pg-core';

/** The shared `created_at` / `updated_at` columns (timestamptz, set by the database). */
export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
export const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();
