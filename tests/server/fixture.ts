// A small valid study package (manifest version 2, written here so the server tests do not depend on
// `study build`), drill replays to upload, and a simulated rater that answers every step through
// the page's own flow (stepsFor / advance). Used by the server tests and scripts/load-study-server.ts.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createController } from '../../src/controllers/registry';
import { encodeReplay, replayFromRunner } from '../../src/replay';
import { createMatch } from '../../src/sim/match';
import { MatchRunner } from '../../src/sim/runner';
import { drillConfig } from '../../src/study/drill-config';
import { type ClipKey, keyFileText } from '../../src/study/key';
import { MANIFEST_FORMAT, MANIFEST_VERSION, opaqueId, parseManifest, type Manifest } from '../../src/study/manifest';
import { advance, stepsFor, type ParticipantRecord } from '../../src/study/flow';

const DRILL = { name: 'survey', seed: 4 };
export const PLAYERS = ['base', 'imap', 'expert'] as const;
/** The players' labels as a study file gives them: study build writes them into the key. */
export const LABELS = ['CPU base', 'CPU i-map', 'Human (skilled)'] as const;
const VARIANTS = ['a', 'b'] as const;

export interface TestPackage {
  dir: string;
  manifest: Manifest;
  key: ClipKey;
}

/** Writes OUT/site/{index.html,manifest.json,clips/*}, OUT/key.json into a new temp folder. */
export function makePackage(opts: { setOrder?: 'fixed' | 'latin'; groups?: string[]; seed?: string } = {}): TestPackage {
  const dir = mkdtempSync(join(tmpdir(), 'twinfield-server-'));
  const seed = opts.seed ?? 'server-test';
  const pairs: [number, number][] = [
    [0, 1],
    [1, 2],
    [0, 2],
    [2, 0],
  ];
  const key: ClipKey = {};
  const clips: Manifest['clips'] = [];
  const slots = pairs.map(([a, b], i) => {
    const ids = [a, b].map((p, k) => {
      const id = opaqueId(seed, `set ${i + 1} ${k}`);
      key[id] = {
        playerId: PLAYERS[p]!,
        set: i + 1,
        variant: VARIANTS[k]!,
        replayFile: `replays/${PLAYERS[p]}-${i}.twrp`,
        label: LABELS[p]!,
      };
      clips.push({ id, file: `clips/${opaqueId(seed, `file ${id}`, 16)}.twrp`, start: 0, end: 120 });
      return id;
    });
    return { a: ids[0]!, b: ids[1]! };
  });
  const groups = (opts.groups ?? ['A', 'B']).map((g, gi) => ({
    id: g,
    sets: slots.map((s, i) => {
      const order = gi % 2 === 0 ? ('AB' as const) : ('BA' as const);
      return { set: i + 1, order, first: order === 'AB' ? s.a : s.b, second: order === 'AB' ? s.b : s.a };
    }),
  }));
  const manifest = parseManifest({
    format: MANIFEST_FORMAT,
    version: MANIFEST_VERSION,
    studyId: opaqueId(seed, 'study', 10),
    title: { en: 'Server test study', ja: 'サーバーテスト' },
    languages: ['ja', 'en'],
    clipFrames: 120,
    clips: clips.sort((x, y) => x.id.localeCompare(y.id)),
    groups,
    questions: {
      absolute: { points: 5, prompt: {}, anchors: {} },
      relative: { points: 5, prompt: {}, anchors: {} },
      reason: { prompt: {} },
    },
    practice: { seconds: 2, config: drillConfig({ drill: DRILL }, 'a') },
    answers: { postUrl: null, jatos: false },
    fingerprint: '0123456789abcdef',
    consent: { text: { en: 'ok?' }, minutes: 10 },
    debrief: {},
    contact: '',
    setOrder: opts.setOrder ?? 'fixed',
    attention: [{ afterSet: 2, prompt: { en: 'pick 2' }, options: { en: ['1', '2', '3'] }, answer: 1 }],
    prolific: null,
    recording: { practice: true, configs: Object.fromEntries(VARIANTS.map((v) => [v, drillConfig({ drill: DRILL }, v)])) },
  });
  mkdirSync(join(dir, 'site', 'clips'), { recursive: true });
  writeFileSync(join(dir, 'site', 'index.html'), '<!doctype html><title>rater page</title>\n');
  writeFileSync(join(dir, 'site', 'manifest.json'), JSON.stringify(manifest, null, 2));
  for (const c of clips) writeFileSync(join(dir, 'site', c.file), 'not a real clip');
  writeFileSync(join(dir, 'key.json'), keyFileText(manifest.fingerprint, key));
  return { dir, manifest, key };
}

/** A person's (human: true) play of the study's drill variant, `frames` long, by seeded random inputs (`rng`). */
export function drillReplay(variant: string, frames: number, opts: { human?: boolean; seed?: number; rng?: number } = {}): Uint8Array {
  const cfg = { ...drillConfig({ drill: DRILL }, variant), ...(opts.seed !== undefined ? { seed: opts.seed } : {}) };
  const runner = new MatchRunner(createMatch(cfg), [createController(`random:${opts.rng ?? 7}`)]);
  runner.runUntil(frames);
  const r = replayFromRunner(runner, { date: '2026-11-27T12:00:00.000Z', names: ['tester'] });
  r.sides[0] = { ...r.sides[0]!, human: opts.human ?? true, controller: opts.human === false ? 'random:7' : 'human' };
  return encodeReplay(r);
}

/**
 * Every record a rater sends, one per step, from the joined record to the finished one: answers
 * chosen from `seed` so different raters answer differently.
 */
export function recordsThroughStudy(m: Manifest, joined: ParticipantRecord, seed: number): ParticipantRecord[] {
  const steps = stepsFor(m, joined.answer.group, joined.answer.orderRow);
  const out: ParticipantRecord[] = [];
  let rec = joined;
  let k = seed;
  const score = () => {
    k = (Math.imul(k, 1103515245) + 12345) >>> 0;
    return 1 + (k % 5);
  };
  while (rec.progress < steps.length) {
    const step = steps[rec.progress]!;
    const finishedAt = rec.progress >= steps.length - 2 ? '2026-11-27T12:30:00.000Z' : undefined;
    rec = advance(rec, steps, {
      demographics: step.kind === 'demographics' ? { experience: '1-5', playsGames: true, ageBand: '20-29' } : undefined,
      rating:
        step.kind === 'rate'
          ? step.which === 'first'
            ? { abs: score(), reason: `r${k % 7}`, rtMs: 1000 }
            : { abs: score(), reason: 'ok', rtMs: 900, relative: score(), reasonRelative: '=sum(1)' }
          : undefined,
      attention: step.kind === 'attention' ? 1 : undefined,
      finishedAt,
    });
    out.push(rec);
  }
  return out;
}
