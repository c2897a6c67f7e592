import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { openBankingProviderSchema } from '../../../shared/api/bank.ts';
import { HttpError } from '../../http/errors.ts';
import { bankByCode } from '../../../shared/banks.ts';
import { findSandboxWidgetSession, sandboxBanks, sandboxLogin } from '../../providers/sandbox-open-banking.ts';
import {
  renderWidgetPage,
  WIDGET_SCRIPT,
  WIDGET_SCRIPT_PATH,
  widgetPageHeaders,
} from '../../providers/sandbox-open-banking-page.ts';

const sessionIdSchema = z.string().min(1).max(200);

/**
 * The sandbox open-banking widgets (docs/sandbox.md "Sandbox open banking"):
 * `GET /sandbox/open-banking/{tink|unnax}?session=…` — the widget page WidgetInitPost's widgetUrl points at (framed
 * only by the app's origin the session recorded); `GET /sandbox/open-banking/widget.js` — its script;
 * `POST /sandbox/open-banking/{tink|unnax}/login` `{ session, bankCode, username, password }` — the bank login
 * (`{ data: { result: 'connected' | 'failed', message?, attemptsLeft? } }`; wrong credentials leave the session open
 * for another try until the last attempt; 404 for an unknown, finished or already used session).
 */
export async function sandboxOpenBankingRoutes(app: FastifyInstance): Promise<void> {
  app.get(WIDGET_SCRIPT_PATH, async (_request, reply) =>
    reply.type('text/javascript; charset=utf-8').header('cache-control', 'no-cache').send(WIDGET_SCRIPT),
  );

  app.get(
    '/sandbox/open-banking/:flavour',
    {
      config: { securityHeaders: false },
      schema: {
        params: z.strictObject({ flavour: openBankingProviderSchema }),
        querystring: z.strictObject({ session: sessionIdSchema }),
      },
    },
    async (request, reply) => {
      const { flavour } = request.params as { flavour: 'tink' | 'unnax' };
      const { session: sessionId } = request.query as { session: string };
      const session = await findSandboxWidgetSession(app.db, sessionId);
      if (!session || session.state.flavour !== flavour) throw new HttpError('NotFound');
      const open = session.status === 'inProgress' && session.state.login === null;
      const chosen = session.state.bankCode === null ? undefined : bankByCode(session.state.bankCode);
      return reply.headers(widgetPageHeaders(session.state.appOrigin)).send(
        renderWidgetPage({
          flavour,
          sessionId,
          appOrigin: session.state.appOrigin,
          banks: sandboxBanks(),
          bank: chosen?.linkable ? chosen : null,
          open,
        }),
      );
    },
  );

  app.post(
    '/sandbox/open-banking/:flavour/login',
    {
      schema: {
        params: z.strictObject({ flavour: openBankingProviderSchema }),
        body: z.strictObject({
          session: sessionIdSchema,
          bankCode: z.string().regex(/^\d{4}$/),
          username: z.string().min(1).max(100),
          password: z.string().min(1).max(100),
        }),
        response: {
          200: z.object({
            data: z.object({
              result: z.enum(['connected', 'failed']),
              bankName: z.string().optional(),
              message: z.string().optional(),
              /** After a wrong login: how many more the session accepts (0: it has ended). */
              attemptsLeft: z.number().int().nonnegative().optional(),
            }),
          }),
        },
      },
    },
    async (request) => {
      const { flavour } = request.params as { flavour: 'tink' | 'unnax' };
      const body = request.body as { session: string; bankCode: string; username: string; password: string };
      const result = await sandboxLogin(
        app.db,
        { sessionId: body.session, flavour, bankCode: body.bankCode, username: body.username, password: body.password },
        app.clock.now(),
      );
      if (!result) throw new HttpError('NotFound');
      return { data: result };
    },
  );
}
