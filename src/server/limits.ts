// Request size and rate limits. A finished record is a few kB; the JSON limit leaves room for
// long free-text reasons (the page sets no length limit). A 40 s drill replay is about 1.4 kB.
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';

export const JSON_BODY_LIMIT = 1024 * 1024;
export const REPLAY_BODY_LIMIT = 2 * 1024 * 1024;
/** API requests per minute per client address (a rater makes about 40 in a whole study). */
export const DEFAULT_RATE_LIMIT = 600;

export async function registerLimits(app: FastifyInstance, perMinute: number): Promise<void> {
  if (perMinute <= 0) return;
  await app.register(rateLimit, {
    max: perMinute,
    timeWindow: 60_000,
    // Only the API is counted: one page load fetches dozens of files (clips, media, fonts), and a
    // lab's raters may share one address.
    allowList: (req) => !req.url.startsWith('/api/'),
    errorResponseBuilder: (_req, ctx) => ({
      statusCode: 429,
      error: `too many requests from this address (${ctx.max} a minute); wait ${Math.ceil(ctx.ttl / 1000)} s and try again`,
    }),
  });
}
