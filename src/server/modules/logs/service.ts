import { CLIENT_LOG_LIMITS, type ClientLogRecord } from '../../../shared/api/logs.ts';
import type { Clock } from '../../clock.ts';
import type { Database } from '../../db/connect.ts';
import { HttpError } from '../../http/errors.ts';
import { appendClientLog, upsertClientLog } from './repository.ts';

/** The client activity log service (`/logs/write`); one deps object: database and clock. */
export interface LogsDeps {
  db: Database;
  clock: Clock;
}

const contact = (record: ClientLogRecord) => ({
  customerId: record.customerId ?? null,
  email: record.email?.email ?? null,
  mobilePhone: record.mobilePhone?.phone ?? null,
  userAgent: record.userAgent,
});

/** POST /logs/write: the first send of a session creates the record (a repeated first send appends). */
export async function createClientLog(deps: LogsDeps, record: ClientLogRecord) {
  return upsertClientLog(
    deps.db,
    {
      deviceId: record.deviceId,
      sessionHash: record.sessionHash,
      application: record.application,
      firstInit: record.firstInit,
      ...contact(record),
    },
    record.actions,
    deps.clock.now(),
    CLIENT_LOG_LIMITS.actionsPerRecord,
  );
}

/** PUT /logs/write: append to the session's record; 404 when the client never created it. */
export async function appendToClientLog(deps: LogsDeps, record: ClientLogRecord) {
  const row = await appendClientLog(
    deps.db,
    { deviceId: record.deviceId, sessionHash: record.sessionHash },
    contact(record),
    record.actions,
    deps.clock.now(),
    CLIENT_LOG_LIMITS.actionsPerRecord,
  );
  if (!row) throw new HttpError('NotFound');
  return row;
}
