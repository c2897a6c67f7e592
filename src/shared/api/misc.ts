import { z } from 'zod';
import { isoDateTimeSchema } from './common.ts';
import { defineCall } from './define.ts';

/** Miscellaneous calls: server time (`/api/common`). */

/** Server time, ISO 8601 with offset (the client falls back to the local date). */
export const TimeGet = defineCall({
  name: 'TimeGet',
  method: 'GET',
  path: '/api/common/time',
  auth: 'public',
  roles: ['public'],
  response: z.object({ time: isoDateTimeSchema }),
});

export const miscCalls = { TimeGet } as const;
