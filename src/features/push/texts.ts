import { PUSH_SUBSCRIPTION_MESSAGES } from '../../shared/push.ts';

/** The reminders switch (the failure texts are the subscription helper's, shared with it). */
export const PUSH_TEXTS = {
  label: 'Recordatorios de pago',
  on: 'Te avisaremos en este dispositivo 3 días antes, el día anterior, el día del vencimiento y si una cuota queda pendiente.',
  off: 'Activa los avisos en este dispositivo para no olvidar ninguna cuota.',
  unsupported: PUSH_SUBSCRIPTION_MESSAGES.unsupported,
  denied: PUSH_SUBSCRIPTION_MESSAGES.denied,
} as const;
