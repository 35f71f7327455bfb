// Replay uploads: the rater's practice play (kind=practice, a known pid) and remote recordings of
// the study's drill variants (kind=recording, behind the record token). Every replay is decoded and
// re-simulated here before it is stored, and its config must be the study's config of that drill
// variant (a replay of another config would make a clip that does not match the others).
import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { decodePlayable, ReplayError, verifyReplay, type Replay } from '../replay';
import { ConfigError, makeConfig, type MatchConfig } from '../sim/config';
import { configDifferences } from '../study/clip-config';
import type { Manifest } from '../study/manifest';
import { PID_RE, type UploadResponse } from '../study/protocol';
import type { ServerContext } from './context';
import { openDb, type ReplayRow } from './db';
import { HttpError } from './errors';
import { REPLAY_BODY_LIMIT } from './limits';
import { tokenMatches } from './tokens';

/** The first config field where the replay differs from `want` (completed by makeConfig), or null when they are the same. */
export function configDifference(got: MatchConfig, want: Record<string, unknown>, what: string): string | null {
  let full: MatchConfig;
  try {
    full = makeConfig(want as Partial<MatchConfig> & { seed: number });
  } catch (e) {
    throw new HttpError(500, `the package's ${what} config is not valid here: ${e instanceof ConfigError ? e.message : String(e)}`);
  }
  const d = configDifferences(got as unknown as Record<string, unknown>, full as unknown as Record<string, unknown>)[0];
  return d ? `config.${d.field} is ${JSON.stringify(d.got)}, the study's ${what} config has ${JSON.stringify(d.want)}` : null;
}

export interface Upload {
  kind: 'practice' | 'recording';
  pid: string | null;
  player: string | null;
  variant: string | null;
}

/** Decodes and re-simulates `bytes`; throws HttpError 422 with the reason when it is refused. */
export function checkReplay(bytes: Uint8Array, m: Manifest, u: Upload): Replay {
  let r: Replay;
  try {
    r = decodePlayable(bytes, 'the replay');
  } catch (e) {
    if (e instanceof ReplayError) throw new HttpError(422, e.message);
    throw e;
  }
  if (r.sides.length !== 1) throw new HttpError(422, `the replay has ${r.sides.length} sides; a study replay is one field (the drill)`);
  if (u.kind === 'recording') {
    if (!r.sides[0]!.human) throw new HttpError(422, "the replay was played by a CPU; a recording must be a person's play");
    const diff = configDifference(r.config, m.recording.configs[u.variant!]!, `variant '${u.variant}'`);
    if (diff) throw new HttpError(422, `the replay is not the study's drill variant '${u.variant}': ${diff}`);
  } else {
    // The practice plays the study's practice config; a variant's config is taken too (the page may
    // record the practice on a drill variant).
    const wants: [string, Record<string, unknown>][] = [
      ['practice', m.practice.config],
      ...Object.entries(m.recording.configs).map(([v, c]) => [`variant '${v}'`, c] as [string, Record<string, unknown>]),
    ];
    // Every practice round after the first plays the next seed (the page restarts the drill), so the seed is free.
    const diffs = wants.map(([what, c]) => configDifference(r.config, { ...c, seed: r.config.seed }, what));
    if (!diffs.includes(null)) throw new HttpError(422, `the replay is not the study's practice play: ${diffs[0]}`);
  }
  const v = verifyReplay(r);
  if (!v.ok) throw new HttpError(422, `the replay does not re-simulate: ${v.reason} (frame ${v.firstBadFrame})`);
  return r;
}

function uploadQuery(q: Record<string, string | undefined>, m: Manifest): Upload {
  const kind = q.kind;
  if (kind !== 'practice' && kind !== 'recording') throw new HttpError(400, `?kind= must be practice or recording, got '${kind ?? ''}'`);
  if (kind === 'practice') {
    if (!q.pid || !PID_RE.test(q.pid)) throw new HttpError(400, '?pid= (the participant id) is required for a practice replay');
    return { kind, pid: q.pid, player: null, variant: null };
  }
  if (!q.player || !PID_RE.test(q.player))
    throw new HttpError(400, "?player= is required for a recording: the study file's player id (1–64 letters, digits, '.', '_', '-')");
  const variants = Object.keys(m.recording.configs);
  if (!q.variant || !variants.includes(q.variant))
    throw new HttpError(400, `?variant= must be one of this study's drill variants (${variants.join(', ')}), got '${q.variant ?? ''}'`);
  return { kind, pid: null, player: q.player, variant: q.variant };
}

export function replayRoutes(app: FastifyInstance, ctx: ServerContext): void {
  app.addContentTypeParser('application/octet-stream', { parseAs: 'buffer', bodyLimit: REPLAY_BODY_LIMIT }, (_req, body, done) =>
    done(null, body),
  );
  app.post('/api/replays', { bodyLimit: REPLAY_BODY_LIMIT }, async (req, reply) => {
    const m = ctx.pkg.manifest;
    const u = uploadQuery(req.query as Record<string, string | undefined>, m);
    if (u.kind === 'recording' && !tokenMatches(req.headers['x-record-token'], ctx.recordToken))
      throw new HttpError(403, 'a recording needs the x-record-token header with the token the server printed at start');
    if (u.kind === 'practice' && !ctx.st.participant.get(u.pid!))
      throw new HttpError(404, `participant '${u.pid}' has not joined this study (POST api/participants first)`);
    if (!Buffer.isBuffer(req.body) || req.body.length === 0)
      throw new HttpError(400, 'the body must be the replay file itself (Content-Type: application/octet-stream)');
    const bytes = req.body;
    const r = checkReplay(bytes, m, u);
    // The id is the content's hash: uploading the same replay again (a retried send) stores it once.
    const id = createHash('sha256').update(bytes).digest('hex').slice(0, 20);
    await ctx.commit.run(() =>
      ctx.st.insertReplay.run({ id, ...u, bytes, frames: r.frames, final_hash: r.finalHash, uploaded_at: ctx.now() }),
    );
    const out: UploadResponse = { id, frames: r.frames, finalHash: r.finalHash };
    return reply.code(201).send(out);
  });
}

export interface StoredRecording {
  id: string;
  player: string;
  variant: string;
  frames: number;
  finalHash: string;
  uploadedAt: string;
  bytes: Uint8Array;
}

/**
 * The remote recordings in a study database, per player (oldest first), for `study record`. Opens
 * the file read-only, so it works while the server runs.
 */
export function listRecordings(dbPath: string): Map<string, StoredRecording[]> {
  const db = openDb(dbPath, { readonly: true });
  try {
    const rows = db.prepare<[], ReplayRow>("SELECT * FROM replays WHERE kind = 'recording' ORDER BY uploaded_at, id").all();
    const out = new Map<string, StoredRecording[]>();
    for (const row of rows) {
      const list = out.get(row.player!) ?? [];
      list.push({
        id: row.id,
        player: row.player!,
        variant: row.variant!,
        frames: row.frames,
        finalHash: row.final_hash,
        uploadedAt: row.uploaded_at,
        bytes: new Uint8Array(row.bytes),
      });
      out.set(row.player!, list);
    }
    return out;
  } finally {
    db.close();
  }
}
