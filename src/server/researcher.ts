// The researcher's routes, behind the token (?token= or Authorization: Bearer): the live summary
// (progress per group and step, Tables 2/3 and Fig. 7 from the answers so far, computed by
// src/study/analyze.ts with the package key) and the downloads (answers JSON/CSV, replays zip).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { strToU8, zipSync } from 'fflate';
import { analyze, type Analysis } from '../study/analyze';
import { answersToCsv, type Participant } from '../study/answers';
import { isFinished, stepsFor, type ParticipantRecord, type Step } from '../study/flow';
import type { ServerContext } from './context';
import { dashboardHtml } from './dashboard';
import { HttpError } from './errors';
import { tokenMatches } from './tokens';

function checkToken(req: FastifyRequest, ctx: ServerContext): void {
  const q = (req.query as { token?: string }).token;
  const auth = req.headers.authorization;
  const given = q ?? (auth?.startsWith('Bearer ') ? auth.slice(7) : undefined);
  if (!tokenMatches(given, ctx.researcherToken))
    throw new HttpError(403, 'the researcher pages need the token the server printed at start (?token=…)');
}

/** A step as the dashboard names it (positions, so every Latin-square row has the same names). */
export function stepLabel(s: Step): string {
  if (s.kind === 'clip' || s.kind === 'rate')
    return `set ${s.index + 1} ${s.kind === 'clip' ? 'watch' : 'rate'} ${s.which === 'first' ? 'clip 1' : 'clip 2'}`;
  if (s.kind === 'attention') return `attention check ${s.check + 1}`;
  return s.kind;
}

interface Stored {
  record: ParticipantRecord;
  steps: number;
  finished: boolean;
}

function storedParticipants(ctx: ServerContext): Stored[] {
  const m = ctx.pkg.manifest;
  return ctx.st.allParticipants.all().map((row) => {
    const record = JSON.parse(row.record) as ParticipantRecord;
    const steps = stepsFor(m, row.group_id, row.order_row);
    return { record, steps: steps.length, finished: isFinished(record, steps) || record.answer.finishedAt !== null };
  });
}

export interface GroupProgress {
  id: string;
  started: number;
  finished: number;
  unfinished: number;
  /** Participants whose next step is each step (the last: done). */
  byStep: { step: string; n: number }[];
}

export interface Summary {
  studyId: string;
  fingerprint: string;
  participants: number;
  finished: number;
  groups: GroupProgress[];
  replays: { practice: number; recording: number };
  analysis: Analysis | null;
  /** Why there is no analysis (no key.json, no answers yet, or answers that do not fit the key). */
  analysisNote: string | null;
}

export function summary(ctx: ServerContext): Summary {
  const m = ctx.pkg.manifest;
  const ps = storedParticipants(ctx);
  const groups = m.groups.map((g): GroupProgress => {
    const mine = ps.filter((p) => p.record.answer.group === g.id);
    const steps = stepsFor(m, g.id, 0);
    const byStep = steps.map((s) => ({ step: stepLabel(s), n: 0 }));
    byStep.push({ step: 'done', n: 0 });
    for (const p of mine) byStep[Math.min(p.record.progress, steps.length)]!.n++;
    const finished = mine.filter((p) => p.finished).length;
    return { id: g.id, started: mine.length, finished, unfinished: mine.length - finished, byStep };
  });
  const replays = { practice: 0, recording: 0 };
  for (const r of ctx.st.replayMeta.all()) replays[r.kind]++;
  let analysis: Analysis | null = null;
  let note: string | null = null;
  const answered = ps.filter((p) => p.record.answer.trials.length > 0);
  if (!ctx.pkg.key) note = 'no key.json beside site/: the tables need the package key';
  else if (answered.length === 0) note = 'no answered sets yet';
  else
    try {
      analysis = analyze({
        participants: answered.map((p) => p.record.answer as Participant),
        key: ctx.pkg.key,
        points: m.questions.absolute.points,
      });
    } catch (e) {
      note = `the answers do not fit the key: ${e instanceof Error ? e.message : String(e)}`;
    }
  return {
    studyId: m.studyId,
    fingerprint: m.fingerprint,
    participants: ps.length,
    finished: ps.filter((p) => p.finished).length,
    groups,
    replays,
    analysis,
    analysisNote: note,
  };
}

/** Every participant's answer (finished or not), marked with finished, progress and steps. */
export function answersExport(
  ctx: ServerContext,
): (ParticipantRecord['answer'] & { finished: boolean; progress: number; steps: number })[] {
  return storedParticipants(ctx).map((p) => ({ ...p.record.answer, finished: p.finished, progress: p.record.progress, steps: p.steps }));
}

export function replaysZip(ctx: ServerContext): Uint8Array {
  const files: Record<string, Uint8Array> = {};
  const index = ctx.st.replayMeta.all().map((r) => {
    const who = r.kind === 'practice' ? r.pid! : r.player!;
    const file = `${r.kind}/${who}${r.variant ? `-${r.variant}` : ''}-${r.id}.twrp`;
    files[file] = new Uint8Array(ctx.st.replayBytes.get(r.id)!.bytes);
    return {
      file,
      id: r.id,
      kind: r.kind,
      pid: r.pid,
      player: r.player,
      variant: r.variant,
      frames: r.frames,
      finalHash: r.final_hash,
      uploadedAt: r.uploaded_at,
      bytes: r.size,
    };
  });
  files['index.json'] = strToU8(`${JSON.stringify({ studyId: ctx.pkg.manifest.studyId, replays: index }, null, 2)}\n`);
  // Replays are small and already dense; level 1 keeps a large study's download quick.
  return zipSync(files, { level: 1 });
}

export function researcherRoutes(app: FastifyInstance, ctx: ServerContext): void {
  const id = ctx.pkg.manifest.studyId;
  app.get('/researcher/', async (req, reply) => {
    checkToken(req, ctx);
    return reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').send(dashboardHtml(ctx.pkg.manifest));
  });
  app.get('/researcher', async (req, reply) => reply.redirect(`/researcher/${req.url.slice('/researcher'.length)}`));
  app.get('/api/researcher/summary', async (req, reply) => {
    checkToken(req, ctx);
    return reply.header('cache-control', 'no-store').send(summary(ctx));
  });
  app.get('/api/researcher/answers.json', async (req, reply) => {
    checkToken(req, ctx);
    return reply
      .header('content-disposition', `attachment; filename="${id}-answers.json"`)
      .type('application/json; charset=utf-8')
      .send(`${JSON.stringify(answersExport(ctx), null, 2)}\n`);
  });
  app.get('/api/researcher/answers.csv', async (req, reply) => {
    checkToken(req, ctx);
    const ps = storedParticipants(ctx).map((p) => p.record.answer as Participant);
    return reply
      .header('content-disposition', `attachment; filename="${id}-answers.csv"`)
      .type('text/csv; charset=utf-8')
      .send(answersToCsv(ps));
  });
  app.get('/api/researcher/replays.zip', async (req, reply) => {
    checkToken(req, ctx);
    return reply
      .header('content-disposition', `attachment; filename="${id}-replays.zip"`)
      .type('application/zip')
      .send(Buffer.from(replaysZip(ctx)));
  });
}
