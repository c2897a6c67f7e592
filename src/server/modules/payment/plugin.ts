import type { FastifyInstance } from 'fastify';
import type { Executor } from '../../db/connect.ts';
import { paymentThreeDsFinished } from './service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * The end of a loan payment's 3-D Secure flow (the card module's ThreeDsStateGet calls it in its transaction):
     * completed settles the payment, error fails it.
     */
    paymentThreeDs: (tx: Executor, outcome: { paymentId: number; completed: boolean; at: Date }) => Promise<void>;
  }
}

/** Decorates the app with the payment module's hooks other modules call (app.ts, once). */
export function registerPaymentHooks(app: FastifyInstance): void {
  app.decorate('paymentThreeDs', paymentThreeDsFinished);
}
