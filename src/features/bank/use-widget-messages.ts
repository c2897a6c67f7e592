import { useEffect, useRef } from 'react';
import { openBankingWidgetMessageSchema, type OpenBankingWidgetMessage } from '../../shared/api/bank.ts';

/** The origin of the widget's URL ('' when it is no URL: then no message is accepted). */
export function originOf(widgetUrl: string): string {
  try {
    return new URL(widgetUrl).origin;
  } catch {
    return '';
  }
}

/**
 * Listens to the messages an open-banking widget posts while it is open (`widgetUrl` set): only those whose origin is
 * the widget URL's, whose shape is the shared widget message and whose session is this one are handed on; anything
 * else (other frames, extensions, another origin pretending) is ignored.
 */
export function useWidgetMessages(
  widget: { readonly widgetUrl: string; readonly sessionId: string } | null,
  onMessage: (message: OpenBankingWidgetMessage) => void,
): void {
  const handler = useRef(onMessage);
  useEffect(() => {
    handler.current = onMessage;
  });
  useEffect(() => {
    if (widget === null) return;
    const origin = originOf(widget.widgetUrl);
    const listener = (event: MessageEvent) => {
      if (origin === '' || event.origin !== origin) return;
      const parsed = openBankingWidgetMessageSchema.safeParse(event.data);
      if (!parsed.success || parsed.data.sessionId !== widget.sessionId) return;
      handler.current(parsed.data);
    };
    window.addEventListener('message', listener);
    return () => window.removeEventListener('message', listener);
  }, [widget]);
}
