// What a participant record sent by the page must look like (src/study/page/flow.ts's
// ParticipantRecord) and how it must fit the package and the participant's stored row. Fields the
// page adds later pass through untouched; what the analysis reads is checked.
import { z } from 'zod';
import { EXPERIENCE, TrialSchema } from '../study/answers';
import type { Manifest } from '../study/manifest';
import { stepsFor, type ParticipantRecord } from '../study/flow';
import { fieldPath } from '../study/schema';
import { HttpError } from './errors';

// Far above what a rater types (the page sets no limit); the body limit bounds the whole record.
const short = z.string().max(10_000);

const RecordSchema = z.object({
  answer: z.object({
    studyId: z.string(),
    fingerprint: z.string(),
    pid: z.string(),
    group: z.string(),
    orderRow: z.number().int().min(0),
    lang: z.enum(['ja', 'en']),
    startedAt: z.string().min(1).max(40),
    finishedAt: z.string().min(1).max(40).nullable(),
    demographics: z.object({ experience: z.enum(EXPERIENCE), playsGames: z.boolean(), ageBand: z.string().max(40) }),
    trials: z.array(TrialSchema.extend({ reasonFirst: short, reasonSecond: short, reasonRelative: short })).max(200),
    attention: z
      .array(z.object({ check: z.number().int(), afterSet: z.number().int(), answer: z.number().int(), correct: z.boolean() }))
      .max(50),
    playback: z.array(z.record(z.string(), z.unknown())).max(500),
    prolific: z.object({ pid: z.string(), studyId: z.string(), sessionId: z.string() }).nullable(),
  }),
  progress: z.number().int().min(0),
  groupHow: z.enum(['url', 'balanced', 'server']),
  pending: z.object({ absFirst: z.number().int().min(1).max(11), reasonFirst: short, rtFirstMs: z.number().min(0) }).nullable(),
  sent: z.boolean(),
});

export interface Stored {
  pid: string;
  group: string;
  orderRow: number;
}

/**
 * The record in `body` checked against the package and the participant's stored row; throws
 * HttpError 400/409 with the field at fault. Returns the record as sent (extra fields kept).
 */
export function checkRecord(body: unknown, m: Manifest, stored: Stored): ParticipantRecord {
  const rec = (body as { record?: unknown } | null)?.record;
  if (rec === undefined) throw new HttpError(400, 'the body must be { "record": { … } } (the participant record)');
  const r = RecordSchema.safeParse(rec);
  if (!r.success) {
    const i = r.error.issues[0]!;
    throw new HttpError(400, `record.${fieldPath(i.path)}: ${i.message}`);
  }
  const a = r.data.answer;
  const bad = (field: string, why: string) => new HttpError(409, `record.${field}: ${why}`);
  if (a.pid !== stored.pid) throw bad('answer.pid', `is '${a.pid}', but this is participant '${stored.pid}'`);
  if (a.studyId !== m.studyId) throw bad('answer.studyId', `is '${a.studyId}'; this server runs study '${m.studyId}'`);
  if (a.fingerprint !== m.fingerprint)
    throw bad('answer.fingerprint', `is '${a.fingerprint}'; this server's package is '${m.fingerprint}' (reload the page)`);
  if (a.group !== stored.group) throw bad('answer.group', `is '${a.group}'; the server assigned group '${stored.group}'`);
  if (a.orderRow !== stored.orderRow) throw bad('answer.orderRow', `is ${a.orderRow}; the server assigned row ${stored.orderRow}`);
  const steps = stepsFor(m, stored.group, stored.orderRow);
  if (r.data.progress > steps.length)
    throw bad('progress', `is ${r.data.progress}, but group ${stored.group} has only ${steps.length} steps`);
  const sets = m.groups.find((g) => g.id === stored.group)!.sets;
  a.trials.forEach((t, i) => {
    const s = sets.find((x) => x.set === t.set);
    if (!s) throw bad(`answer.trials[${i}].set`, `set ${t.set} is not in this study`);
    if (s.first !== t.first || s.second !== t.second || s.order !== t.order)
      throw bad(`answer.trials[${i}]`, `set ${t.set} of group ${stored.group} shows clips ${s.first} then ${s.second} (${s.order})`);
  });
  return rec as ParticipantRecord;
}
