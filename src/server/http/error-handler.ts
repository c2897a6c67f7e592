import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ApiError, transportCodeForStatus, transportErrorResponse } from './errors.ts';
import { formatValidationMessage, VALIDATION_PREFIX, validationMessages, type FieldIssue } from './validation.ts';

/**
 * One error handler for everything the server answers. Client mistakes are 4xx in the spec's error shape with a
 * Spanish message; anything unexpected is a 500 with the catalogue's text and no internals (details are logged
 * with the request id). Nothing a client sends can produce a 500.
 */

type ErrorWithExtras = FastifyError & { fieldIssues?: FieldIssue[]; validationContext?: string };

const bodyMessages: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: validationMessages.invalidJson,
  FST_ERR_CTP_EMPTY_JSON_BODY: validationMessages.emptyJson,
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'La longitud del cuerpo no coincide con Content-Length',
};

export function sendError(error: ErrorWithExtras, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  if (error instanceof ApiError) {
    if (error.statusCode >= 500) request.log.error({ err: error }, 'request failed');
    else request.log.info({ code: error.codeName, status: error.statusCode }, error.message);
    return reply.code(error.statusCode).headers(error.headers).send(error.toResponse());
  }

  if (error.fieldIssues) {
    const message = formatValidationMessage(error.fieldIssues, error.validationContext);
    request.log.info({ code: 'ValidationError', context: error.validationContext }, message);
    return reply.code(400).send(transportErrorResponse('ValidationError', message));
  }

  const status = typeof error.statusCode === 'number' ? error.statusCode : 500;
  if (status >= 400 && status < 500) {
    const name = transportCodeForStatus(status);
    const precise = bodyMessages[error.code];
    const message = precise
      ? `${VALIDATION_PREFIX}: ${precise}.`
      : name === 'ValidationError'
        ? `${VALIDATION_PREFIX}.`
        : undefined;
    request.log.info({ code: name, status, reason: error.code ?? error.message }, 'client error');
    return reply.code(status).send(transportErrorResponse(name, message));
  }

  request.log.error({ err: error }, 'request failed');
  return reply.code(500).send(transportErrorResponse('InternalError'));
}

export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: ErrorWithExtras, request, reply) => sendError(error, request, reply));
}
