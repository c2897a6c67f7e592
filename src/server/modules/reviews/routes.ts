import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { CustomerReviewLinkPost } from '../../../shared/api/reviews.ts';
import { registerCall } from '../../http/register-call.ts';
import { HttpError } from '../../http/errors.ts';
import { renderReviewPage } from './page.ts';
import { linkExists } from './repository.ts';
import { customerReviewLink, SANDBOX_REVIEW_PATH, type ReviewDeps } from './service.ts';

/**
 * The review link (`/api/communication/customerReviewLink`) for the logged-in customer, and, in the sandbox, the
 * review page its links open: `GET /sandbox/review/<token>[?rating=1..5]` (404 for a token no link was given for).
 */
export async function reviewRoutes(app: FastifyInstance): Promise<void> {
  const reviewPageBase = app.config.sandbox ? `${app.config.publicUrl}${SANDBOX_REVIEW_PATH}` : null;
  const deps: ReviewDeps = { db: app.db, clock: app.clock, reviewPageBase };

  registerCall(app, CustomerReviewLinkPost, ({ body, requireCustomer, request }) =>
    customerReviewLink(deps, requireCustomer(), body, request.log),
  );

  if (!reviewPageBase) return;
  app.get(
    `${SANDBOX_REVIEW_PATH}/:token`,
    {
      schema: {
        params: z.strictObject({ token: z.string().regex(/^[\w-]{24}$/, 'Enlace no válido') }),
        querystring: z.strictObject({ rating: z.coerce.number().int().min(1).max(5).optional() }),
      },
    },
    async (request, reply) => {
      const { token } = request.params as { token: string };
      const { rating } = request.query as { rating?: number };
      if (!(await linkExists(app.db, `${reviewPageBase}/${token}`))) throw new HttpError('NotFound');
      reply.header('cache-control', 'no-store');
      return reply
        .type('text/html; charset=utf-8')
        .send(renderReviewPage(`${SANDBOX_REVIEW_PATH}/${token}`, rating ?? null));
    },
  );
}
