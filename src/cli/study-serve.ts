// `npm run -s study -- serve OUT [--port P] [--host H] [--token T]`: serves a built study package
// (OUT/site/ at /) and collects answers and replays into OUT/study.sqlite (src/server/). Runs until
// Ctrl-C / SIGTERM. docs/study-server.md.
import { createStudyServer } from '../server/app';
import { DEFAULT_RATE_LIMIT } from '../server/limits';
import { defineTool, runIfEntry, UsageError } from './common';

/** Hidden test hook: a database page limit, so a test can fill the "disk" (PRAGMA max_page_count). */
const MAX_PAGES_ENV = 'TWINFIELD_STUDY_MAX_PAGES';

export const serveMain = defineTool(
  {
    name: 'study serve',
    usage: 'npm run -s study -- serve OUT [--port P] [--host H] [--token T] [--record-token T] [--rate-limit N] [--trust-proxy]',
    summary:
      "Serves a package built by 'study build' (OUT/site/ at /; OUT/key.json never) and stores every answer, as it is " +
      'given, and every uploaded replay (re-simulated first) in OUT/study.sqlite. Groups are balanced over all participants. ' +
      'Prints the rater link, the researcher dashboard link (with its token) and the remote recording link and token.',
    options: [
      { name: 'port', kind: 'int', help: 'port to listen on (0: any free port)', default: 8080, min: 0, max: 65535 },
      { name: 'host', kind: 'string', help: 'address to listen on (0.0.0.0: every interface)', default: '127.0.0.1' },
      { name: 'token', kind: 'string', help: "the researcher's token (default: a new random one, printed)" },
      { name: 'record-token', kind: 'string', help: 'the remote recording token (default: a new random one, printed)' },
      {
        name: 'rate-limit',
        kind: 'int',
        help: 'requests per minute per address (0: no limit)',
        default: DEFAULT_RATE_LIMIT,
        min: 0,
        max: 1_000_000,
      },
      { name: 'trust-proxy', kind: 'flag', help: 'behind a reverse proxy: count the rate limit per X-Forwarded-For address' },
    ],
    positional: [1, 1],
  },
  async ({ opts, positional }, json, out) => {
    for (const k of ['token', 'record-token'] as const) {
      const t = opts[k];
      if (t !== undefined && !/^[A-Za-z0-9._~-]{12,200}$/.test(t))
        throw new UsageError(`--${k}: use 12–200 letters, digits, '.', '_', '~' or '-' (it goes into links)`);
    }
    const pages = process.env[MAX_PAGES_ENV];
    const maxPageCount = pages ? Number(pages) : undefined;
    if (maxPageCount !== undefined && !(Number.isInteger(maxPageCount) && maxPageCount > 0))
      throw new UsageError(`${MAX_PAGES_ENV}: must be a whole number of pages > 0, got '${pages}'`);
    const server = await createStudyServer({
      out: positional[0]!,
      researcherToken: opts.token,
      recordToken: opts['record-token'],
      rateLimit: opts['rate-limit'],
      trustProxy: opts['trust-proxy'],
      maxPageCount,
    });
    let address: string;
    try {
      address = await server.app.listen({ port: opts.port, host: opts.host });
    } catch (e) {
      await server.close();
      const code = (e as NodeJS.ErrnoException).code;
      throw new UsageError(
        code === 'EADDRINUSE'
          ? `port ${opts.port} is already in use on ${opts.host}; pick another with --port`
          : `cannot listen on ${opts.host}:${opts.port} (${code ?? (e as Error).message})`,
      );
    }
    const { ctx } = server;
    const m = ctx.pkg.manifest;
    const base = address.replace('://[::1]', '://localhost');
    const info = {
      url: `${base}/`,
      researcher: `${base}/researcher/?token=${ctx.researcherToken}`,
      recording: `${base}/?view=record&player=PLAYER&token=${ctx.recordToken}`,
      researcherToken: ctx.researcherToken,
      recordToken: ctx.recordToken,
      variants: Object.keys(m.recording.configs),
      database: ctx.pkg.dbPath,
      studyId: m.studyId,
    };
    if (json) out.log(JSON.stringify(info));
    else {
      out.log(
        `study ${m.studyId} (package ${m.fingerprint}) on ${info.url}`,
        `  raters:      ${info.url}  (add ?group=ID to choose a group, ?pid=ID to name a participant)`,
        `  researcher:  ${info.researcher}`,
        `  recording:   ${info.recording}`,
        `               (PLAYER: the study file's player id of the person recording; variants ${info.variants.join(', ') || 'none'})`,
        `  database:    ${info.database}`,
        'Ctrl-C stops the server; everything acknowledged is already on disk.',
      );
      if (!ctx.pkg.key) out.warn(`no key.json in ${ctx.pkg.dir}: the dashboard shows progress but no tables`);
    }
    await new Promise<void>((done) => {
      const stop = () => {
        process.off('SIGINT', stop);
        process.off('SIGTERM', stop);
        done();
      };
      process.on('SIGINT', stop);
      process.on('SIGTERM', stop);
    });
    await server.close();
    if (!json) out.log('stopped');
    return undefined;
  },
);
await runIfEntry(import.meta.url, serveMain);
