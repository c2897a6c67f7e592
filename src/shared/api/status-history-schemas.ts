import { z } from 'zod';
import { idSchema, isoDateTimeSchema } from './common.ts';

/**
 * One row of an entity's status history as staff read it (architecture §6: who, when, from, to), for the history
 * tables `db/status-history.ts` writes. `changedBy` is `customer`, `system`, `seed`, a job's name or `staff:<id>`.
 */
export const statusHistoryEntrySchema = <T extends z.ZodType>(status: T) =>
  z.object({
    id: idSchema,
    /** Null for the first status (creation). */
    fromStatus: status.nullable(),
    toStatus: status,
    changedBy: z.string(),
    reason: z.string().nullable(),
    at: isoDateTimeSchema,
  });
