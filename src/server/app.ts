// The study server as a Fastify app (listening is up to the caller: tests use inject). One
// database connection per server; better-sqlite3 runs each write to the end before the next
// request is handled, and a reply is sent only after its write is committed.
import Fastify, { type FastifyInstance } from 'fastify';
import { GroupCommit } from './commit';
import type { ServerContext } from './context';
import { openDb, statements } from './db';
import { errorReply } from './errors';
import { DEFAULT_RATE_LIMIT, JSON_BODY_LIMIT, registerLimits } from './limits';
import { participantRoutes } from './participants';
import { replayRoutes } from './replays';
import { researcherRoutes } from './researcher';
import { registerSite } from './static';
import { loadPackage } from './study-package';
import { newToken } from './tokens';

export interface ServerOptions {
  /** The package folder (OUT of `study build`). */
  out: string;
  researcherToken?: string;
  recordToken?: string;
  /** API requests per minute per address; 0: no limit. */
  rateLimit?: number;
  /** Behind a reverse proxy: take the client's address from X-Forwarded-For (for the rate limit). */
  trustProxy?: boolean;
  /** Test hook: PRAGMA max_page_count (a "full" database). */
  maxPageCount?: number;
  now?: () => string;
  logger?: boolean;
}

export interface StudyServer {
  app: FastifyInstance;
  ctx: ServerContext;
  close(): Promise<void>;
}

export async function createStudyServer(o: ServerOptions): Promise<StudyServer> {
  const pkg = loadPackage(o.out);
  const db = openDb(pkg.dbPath, { maxPageCount: o.maxPageCount });
  const ctx: ServerContext = {
    pkg,
    db,
    st: statements(db),
    commit: new GroupCommit(db),
    researcherToken: o.researcherToken ?? newToken(),
    recordToken: o.recordToken ?? newToken(),
    now: o.now ?? (() => new Date().toISOString()),
  };
  const app = Fastify({ logger: o.logger ?? false, bodyLimit: JSON_BODY_LIMIT, trustProxy: o.trustProxy ?? false });
  app.setErrorHandler((e, _req, reply) => {
    const { status, body } = errorReply(e);
    if (status >= 500 && status !== 507) app.log.error(e);
    return reply.code(status).send(body);
  });
  app.setNotFoundHandler((req, reply) => reply.code(404).send({ error: `nothing at ${req.method} ${req.url.split('?')[0]}` }));
  await registerLimits(app, o.rateLimit ?? DEFAULT_RATE_LIMIT);
  participantRoutes(app, ctx);
  replayRoutes(app, ctx);
  researcherRoutes(app, ctx);
  await registerSite(app, pkg.site);
  app.addHook('onClose', async () => {
    db.close();
  });
  return { app, ctx, close: () => app.close() };
}
