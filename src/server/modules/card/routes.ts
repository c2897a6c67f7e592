import type { FastifyInstance } from 'fastify';
import { CustomerMiniGet } from '../../../shared/api/card.ts';
import { registerCall } from '../../http/register-call.ts';
import { customerMiniCards, type CardDeps } from './service.ts';

export async function cardRoutes(app: FastifyInstance): Promise<void> {
  const deps: CardDeps = { db: app.db };
  registerCall(app, CustomerMiniGet, ({ requireCustomer }) => customerMiniCards(deps, requireCustomer()));
}
