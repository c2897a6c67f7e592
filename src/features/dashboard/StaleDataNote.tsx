import { useEffect, useState } from 'react';
import { Button } from '../../lib/ui/Button.tsx';
import { formatMessage } from '../../shared/messages.ts';
import { dataAge } from './loan-summary.ts';
import { DASHBOARD_PAGE_TEXTS as TEXT } from './texts.ts';

export interface StaleDataNoteProps {
  /** When the shown loans came from the server (epoch ms). */
  readonly savedAt: number;
  readonly online: boolean;
  /** The id the disabled actions point at (aria-describedby) for the reason. */
  readonly reasonId: string;
  readonly onRetry: () => void;
}

const AGE_TEXTS = {
  under: TEXT.ageUnderMinute,
  minutes: TEXT.ageMinutes,
  hours: TEXT.ageHours,
  day: TEXT.ageDay,
  days: TEXT.ageDays,
};

/**
 * The loans shown are the ones kept from before (offline, or the last load failed): how old they are ('Datos de hace
 * 5 min', updated every 30 s) and why paying is disabled.
 */
export function StaleDataNote({ savedAt, online, reasonId, onRetry }: StaleDataNoteProps) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 30_000);
    return () => clearInterval(timer);
  }, []);
  return (
    <div className="dashboard-stale" role="status">
      <p className="dashboard-stale-age">{formatMessage(TEXT.dataAge, { age: dataAge(now - savedAt, AGE_TEXTS) })}</p>
      <p id={reasonId}>{online ? TEXT.staleReason : TEXT.offlineReason}</p>
      {online && (
        <Button variant="secondary" onPress={onRetry}>
          {TEXT.retry}
        </Button>
      )}
    </div>
  );
}
