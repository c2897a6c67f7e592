import type { FastifyInstance } from 'fastify';
import { AddNewEmailPost, CheckPhoneDniPost } from '../../../shared/api/customer.ts';
import { registerCall } from '../../http/register-call.ts';
import { addNewEmail } from './email.ts';
import { checkPhoneRegistered, type CustomerDeps } from './service.ts';

/**
 * The phone check tells anyone whether a number is a customer's: its own, tighter per-IP limit keeps it from
 * being used to walk through numbers (the login page calls it once per attempt).
 */
const phoneCheckRateLimit = { max: 30, timeWindow: 60_000 };
/** An e-mail change tells whether an address is taken: bounded like the phone check. */
const emailChangeRateLimit = { max: 20, timeWindow: 60_000 };

export async function customerRoutes(app: FastifyInstance): Promise<void> {
  const deps: CustomerDeps = { db: app.db };
  registerCall(app, CheckPhoneDniPost, ({ body }) => checkPhoneRegistered(deps, body), {
    rateLimit: phoneCheckRateLimit,
  });
  registerCall(
    app,
    AddNewEmailPost,
    ({ body, requireCustomer }) => addNewEmail({ db: app.db, clock: app.clock }, requireCustomer().id, body),
    { rateLimit: emailChangeRateLimit },
  );
}
