// The rater page's routes (src/study/protocol.ts): join (group and Latin-square row assigned
// atomically), resume by pid, and the record PUT after every step (kept only when it moves forward;
// every progress value also goes to the step log, once).
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { latinRows } from '../study/latin';
import { assignGroup } from '../study/manifest';
import { newRecord, type ParticipantRecord } from '../study/flow';
import { JoinRequestSchema, SERVER_NAME, type ServerInfo } from '../study/protocol';
import { fieldPath } from '../study/schema';
import type { ServerContext } from './context';
import type { ParticipantRow } from './db';
import { HttpError } from './errors';
import { JSON_BODY_LIMIT } from './limits';
import { checkRecord } from './record';

const PID_PARAM = /^[A-Za-z0-9._-]{1,64}$/;

function pidParam(p: unknown): string {
  const pid = (p as { pid?: string }).pid ?? '';
  if (!PID_PARAM.test(pid)) throw new HttpError(400, `participant id '${pid.slice(0, 80)}': use 1–64 letters, digits, '.', '_' or '-'`);
  return pid;
}

export function joinParticipant(ctx: ServerContext, body: unknown): Promise<{ record: ParticipantRecord; resumed: boolean }> {
  const r = JoinRequestSchema.safeParse(body);
  if (!r.success) {
    const i = r.error.issues[0]!;
    throw new HttpError(400, `join request: ${fieldPath(i.path)}: ${i.message}`);
  }
  const req = r.data;
  const m = ctx.pkg.manifest;
  if (!m.languages.includes(req.lang))
    throw new HttpError(400, `join request: lang: this study is in ${m.languages.join(', ')}, not ${req.lang}`);
  const pid = req.pid ?? `p${randomBytes(8).toString('hex')}`;
  // Inside the group commit's IMMEDIATE transaction: the write lock is held while the counts are
  // read and the row is inserted, so two joins cannot both see the same counts (also across processes).
  return ctx.commit.run(() => {
    const old = ctx.st.participant.get(pid);
    if (old) return { record: JSON.parse(old.record) as ParticipantRecord, resumed: true };
    const counts = Object.fromEntries(ctx.st.groupCounts.all().map((x) => [x.group_id, x.n]));
    const { group, how } = assignGroup(m, req.group, counts, pid);
    const sets = m.groups.find((g) => g.id === group)!.sets.length;
    const row = m.setOrder === 'latin' ? (counts[group] ?? 0) % latinRows(sets) : 0;
    const now = ctx.now();
    const record = newRecord(m, pid, group, how === 'url' ? 'url' : 'server', req.lang, now, {
      orderRow: row,
      prolific: req.prolific,
    });
    const text = JSON.stringify(record);
    ctx.st.insertParticipant.run({
      pid,
      group_id: group,
      order_row: row,
      lang: req.lang,
      prolific_pid: req.prolific?.pid ?? null,
      prolific_study: req.prolific?.studyId ?? null,
      prolific_session: req.prolific?.sessionId ?? null,
      record: text,
      progress: 0,
      now,
    });
    ctx.st.insertStep.run(pid, 0, text, now);
    return { record, resumed: false };
  });
}

/** Stores the record when it does not go back; returns the progress stored afterwards. */
export function putRecord(ctx: ServerContext, pid: string, body: unknown): Promise<number> {
  return ctx.commit.run(() => {
    const row: ParticipantRow | undefined = ctx.st.participant.get(pid);
    if (!row) throw new HttpError(404, `participant '${pid}' has not joined this study (POST api/participants first)`);
    const rec = checkRecord(body, ctx.pkg.manifest, { pid, group: row.group_id, orderRow: row.order_row });
    // A late resend (an older step arriving after a newer one) never takes the record back.
    if (rec.progress < row.progress) return row.progress;
    const text = JSON.stringify(rec);
    const now = ctx.now();
    ctx.st.insertStep.run(pid, rec.progress, text, now);
    ctx.st.updateRecord.run(text, rec.progress, now, pid);
    return rec.progress;
  });
}

export function participantRoutes(app: FastifyInstance, ctx: ServerContext): void {
  app.get(
    '/api/info',
    async (): Promise<ServerInfo> => ({
      server: SERVER_NAME,
      studyId: ctx.pkg.manifest.studyId,
      fingerprint: ctx.pkg.manifest.fingerprint,
    }),
  );
  app.post('/api/participants', { bodyLimit: JSON_BODY_LIMIT }, async (req, reply) => {
    const out = await joinParticipant(ctx, req.body);
    return reply.code(out.resumed ? 200 : 201).send(out);
  });
  app.get('/api/participants/:pid', async (req) => {
    const pid = pidParam(req.params);
    const row = ctx.st.participant.get(pid);
    if (!row) throw new HttpError(404, `participant '${pid}' is not in this study`);
    return { record: JSON.parse(row.record) as unknown };
  });
  app.put('/api/participants/:pid', { bodyLimit: JSON_BODY_LIMIT }, async (req) => {
    const pid = pidParam(req.params);
    return { progress: await putRecord(ctx, pid, req.body) };
  });
}
