import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { HttpError } from '../../http/errors.ts';
import {
  findSandboxThreeDs,
  sandboxChallengeDecision,
  sandboxFingerprintPost,
  SANDBOX_CARD_PATHS,
} from '../../providers/sandbox-card-gateway-three-ds.ts';
import {
  CHALLENGE_SCRIPT,
  renderChallengePage,
  renderFingerprintPage,
  threeDsPageHeaders,
} from '../../providers/sandbox-card-gateway-page.ts';

const transactionIdSchema = z.string().min(1).max(200);

/**
 * The sandbox card gateway's 3-D Secure pages (docs/sandbox.md "Sandbox test cards"):
 * `GET /sandbox/card-gateway/challenge?transactionId=…` — the challenge page the `iframe` step's url points at
 * ('Verificación 3-D Secure', 'Autorizar' / 'Cancelar'; framed only by the app's origin the flow recorded);
 * `GET /sandbox/card-gateway/challenge.js` — its script;
 * `POST /sandbox/card-gateway/challenge/decision` `{ transactionId, decision: 'authorize' | 'cancel' }` — what the
 * buttons send (`{ data: true }`; 404 for an unknown or already answered flow);
 * `POST /sandbox/card-gateway/dfp` — the device fingerprint endpoint the `dfpPost` step's url points at: a form
 * post (application/x-www-form-urlencoded, from the client's hidden iframe) with the step's formFields; it records
 * the post (the flow moves on to the challenge) and answers a blank page; 404 for an unknown transactionId.
 */
export async function sandboxCardGatewayRoutes(app: FastifyInstance): Promise<void> {
  await app.register(async (scope) => {
    // The hidden form post of the device fingerprint step sends an urlencoded body (only on these routes).
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 16_384 },
      (_request, body, done) => {
        done(null, Object.fromEntries(new URLSearchParams(String(body))));
      },
    );

    scope.get(SANDBOX_CARD_PATHS.challengeScript, async (_request, reply) =>
      reply.type('text/javascript; charset=utf-8').header('cache-control', 'no-cache').send(CHALLENGE_SCRIPT),
    );

    scope.get(
      SANDBOX_CARD_PATHS.challenge,
      {
        config: { securityHeaders: false },
        schema: { querystring: z.strictObject({ transactionId: transactionIdSchema }) },
      },
      async (request, reply) => {
        const { transactionId } = request.query as { transactionId: string };
        const state = await findSandboxThreeDs(app.db, transactionId);
        if (!state) throw new HttpError('NotFound');
        return reply.headers(threeDsPageHeaders(state.appOrigin)).send(
          renderChallengePage({
            transactionId,
            appOrigin: state.appOrigin,
            maskedCardNumber: state.maskedCardNumber,
            open: state.stage === 'challenge',
          }),
        );
      },
    );

    scope.post(
      SANDBOX_CARD_PATHS.challengeDecision,
      {
        schema: {
          body: z.strictObject({ transactionId: transactionIdSchema, decision: z.enum(['authorize', 'cancel']) }),
          response: { 200: z.object({ data: z.literal(true) }) },
        },
      },
      async (request) => {
        const body = request.body as { transactionId: string; decision: 'authorize' | 'cancel' };
        const state = await sandboxChallengeDecision(app.db, body.transactionId, body.decision);
        if (!state) throw new HttpError('NotFound');
        return { data: true as const };
      },
    );

    scope.post(
      SANDBOX_CARD_PATHS.dfp,
      {
        config: { securityHeaders: false },
        schema: {
          body: z.looseObject({ transactionId: transactionIdSchema }),
        },
      },
      async (request, reply) => {
        const body = request.body as Record<string, unknown>;
        const transactionId = String(body['transactionId']);
        const state = await sandboxFingerprintPost(app.db, transactionId, Object.keys(body).length, app.clock.now());
        if (!state) throw new HttpError('NotFound');
        return reply.headers(threeDsPageHeaders(state.appOrigin)).send(renderFingerprintPage());
      },
    );
  });
}
