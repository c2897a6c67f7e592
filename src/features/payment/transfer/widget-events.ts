import { z } from 'zod';

/**
 * The direct transfer widget's messages (second document §4 "Direct transfer widget events", architecture §7): the
 * widget posts to its parent a JSON string (or an object) naming the provider ('unnax'), the event and, for
 * `payment`, its status. What each event means for the modal is `outcomeOf`.
 */

/** The provider's name in its messages: a message that does not mention it is not the widget's. */
export const PROVIDER_MARK = 'unnax';

export const widgetEventSchema = z.object({
  event: z.string(),
  status: z.string().nullish(),
  orderId: z.union([z.string(), z.number()]).nullish(),
});
export type WidgetEvent = z.infer<typeof widgetEventSchema>;

/**
 * The widget's event of a window message, or undefined when the message is not the widget's: from another origin
 * than the widget URL's, or data (a string or JSON) that does not mention the provider, or no event in it.
 */
export function widgetEventOf(
  message: { origin: string; data: unknown },
  widgetOrigin: string,
): WidgetEvent | undefined {
  if (widgetOrigin === '' || message.origin !== widgetOrigin) return undefined;
  let text: string;
  try {
    text = typeof message.data === 'string' ? message.data : JSON.stringify(message.data);
  } catch {
    return undefined;
  }
  if (typeof text !== 'string' || !text.toLowerCase().includes(PROVIDER_MARK)) return undefined;
  let data: unknown = message.data;
  if (typeof data === 'string') {
    try {
      data = JSON.parse(data);
    } catch {
      return undefined;
    }
  }
  const parsed = widgetEventSchema.safeParse(data);
  return parsed.success ? parsed.data : undefined;
}

/**
 * What the modal does on an event (the §4 table; `payment` by its own status, architecture §7):
 * - `blocked`: fail with 'Su cuenta ha sido bloqueada…' (user_blocked);
 * - `paid`: done, to the payment success page (payment success);
 * - `failed`: fail with 'Ha ocurrido un error…' (payment failure);
 * - `closed`: done, the modal closes and nothing is paid (consents_denied);
 * - `stay`: done, the customer is at the bank's login: the widget stays open (bank_login); also any other event
 *   and a `payment` without a status.
 */
export type WidgetOutcome = 'blocked' | 'paid' | 'failed' | 'closed' | 'stay';

export function outcomeOf(event: WidgetEvent): WidgetOutcome {
  switch (event.event) {
    case 'user_blocked':
      return 'blocked';
    case 'consents_denied':
      return 'closed';
    case 'payment':
      if (event.status === 'success') return 'paid';
      return event.status === 'failure' ? 'failed' : 'stay';
    default:
      return 'stay';
  }
}

/** The origin of the widget's URL ('' when it is no URL: then no message is accepted). */
export function originOf(url: string): string {
  try {
    return new URL(url).origin;
  } catch {
    return '';
  }
}
