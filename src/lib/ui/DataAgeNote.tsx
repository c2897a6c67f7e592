import { useEffect, useState } from 'react';
import { formatMessage } from '../../shared/messages.ts';
import { dataAge } from '../loans/data-age.ts';
import { DATA_AGE_TEXTS } from '../loans/texts.ts';
import { Button } from './Button.tsx';
import './data-age-note.css';

export interface DataAgeNoteProps {
  /** When the shown data came from the server (epoch ms). */
  readonly savedAt: number;
  readonly online: boolean;
  /**
   * What the page says offline ('Sin conexión: …'), when the load failed online ('No hemos podido …') and, with
   * `checking`, while the fresh data is on its way ('Estamos actualizando …').
   */
  readonly texts: {
    readonly offline: string;
    readonly notUpdated: string;
    readonly retry: string;
    readonly checking?: string;
  };
  /** The data shown is the copy kept from the last visit and the fresh one is being asked: no 'Reintentar'. */
  readonly checking?: boolean;
  /** The reason's element id, for actions disabled because of it (aria-describedby). */
  readonly reasonId?: string;
  readonly onRetry: () => void;
}

/**
 * The data on screen is the copy kept from before: how old it is ('Datos de hace 5 min', updated every 30 s) and why
 * (offline, or the load failed — then 'Reintentar'; or, as the app opens, the fresh data is on its way). The
 * dashboard, the credit history and the account page show it.
 */
export function DataAgeNote({ savedAt, online, texts, checking = false, reasonId, onRetry }: DataAgeNoteProps) {
  const updating = checking && online && texts.checking !== undefined;
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 30_000);
    return () => clearInterval(timer);
  }, []);
  return (
    <div className="ui-data-age" role="status">
      <p className="ui-data-age-age">
        {formatMessage(DATA_AGE_TEXTS.dataAge, { age: dataAge(now - savedAt, DATA_AGE_TEXTS) })}
      </p>
      <p id={reasonId}>{updating ? texts.checking : online ? texts.notUpdated : texts.offline}</p>
      {online && !updating && (
        <Button variant="secondary" onPress={onRetry}>
          {texts.retry}
        </Button>
      )}
    </div>
  );
}
