import type { FastifyRequest } from 'fastify';

/** What a new session row records about the device: its user agent (bounded) and the client IP. */
export interface SessionMeta {
  userAgent: string | null;
  ip: string | null;
}

const USER_AGENT_MAX = 512;

export const sessionMetaOf = (request: FastifyRequest): SessionMeta => ({
  userAgent: request.headers['user-agent']?.slice(0, USER_AGENT_MAX) ?? null,
  ip: request.ip || null,
});
