import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createController } from '../../src/controllers/registry';
import { encodeReplay, replayFromRunner } from '../../src/replay';
import { createMatch } from '../../src/sim/match';
import { MatchRunner } from '../../src/sim/runner';
import { clipFrames, clipNeeds, drillConfig, resolveClips } from '../../src/cli/study-recordings';
import { checkStudy, type Study } from '../../src/study/schema';
import { paperStudyInput } from '../../src/study/template';
import { rmSync } from 'node:fs';

const dir = mkdtempSync(join(tmpdir(), 'twf-study-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function smallStudy(replays: string[]): Study {
  const s = paperStudyInput();
  return checkStudy(
    {
      ...s,
      players: [
        { id: 'base', label: 'Base', source: 'cpu:base' },
        { id: 'man', label: 'Person', source: 'human', replays },
      ],
      sets: [{ a: 'base', b: 'man', variants: ['a', 'b'] }],
      groups: [
        { id: 'A', orders: ['AB'] },
        { id: 'B', orders: ['BA'] },
      ],
      clip: { seconds: 5, start: 1 },
    },
    'small.json',
  );
}

/** A stand-in for a person's recording: a seeded random player on the drill. */
function humanReplay(study: Study, variant: string, frames: number, file: string, seed = study.drill.seed): void {
  const s = createMatch({ ...drillConfig(study, variant), seed });
  const r = new MatchRunner(s, [createController('random:3')]);
  r.runUntil(frames);
  writeFileSync(join(dir, file), encodeReplay(replayFromRunner(r, { date: '2026-01-01T00:00:00Z' })));
}

describe('study recordings', () => {
  const studyPath = join(dir, 'small.json');
  const clips = join(dir, 'clips');

  it('lists each (player, variant) clip once with its sets', () => {
    const s = smallStudy(['x.twrp']);
    expect(clipNeeds(s)).toEqual([
      { playerId: 'base', playerIndex: 0, variant: 'a', sets: [1], kind: 'cpu' },
      { playerId: 'man', playerIndex: 1, variant: 'b', sets: [1], kind: 'human' },
    ]);
    expect(clipFrames(s)).toEqual({ start: 60, frames: 300, end: 360 });
  });

  it('says exactly which human clip is missing and why each listed replay does not fit', () => {
    const s = smallStudy(['none.twrp', 'wrong-variant.twrp', 'short.twrp', 'other-seed.twrp']);
    humanReplay(s, 'a', 600, 'wrong-variant.twrp');
    humanReplay(s, 'b', 120, 'short.twrp');
    humanReplay(s, 'b', 600, 'other-seed.twrp', 99);
    const r = resolveClips(s, { folder: clips, studyPath, record: false });
    expect(r.map((c) => [c.playerId, c.status])).toEqual([
      ['base', 'missing'],
      ['man', 'missing'],
    ]);
    const p = r[1]!.problem!;
    expect(p).toMatch(/^human clip 'man' on drill survey variant b \(sets 1\): missing; record it in the game/);
    expect(p).toContain('players[1].replays not found: none.twrp');
    expect(p).toContain("players[1].replays[1] wrong-variant.twrp is variant 'a', the clip needs 'b'");
    expect(p).toContain('players[1].replays[2] short.twrp is 2.0 s long; the clip needs 6.0 s');
    expect(p).toContain("players[1].replays[3] other-seed.twrp has seed 99, the study's drill.seed is 4");
    expect(r[0]!.problem).toMatch(/not recorded yet/);
  });

  it('records the CPU clip headless, keeps it next time, and accepts a fitting human replay', () => {
    const s = smallStudy(['wrong-variant.twrp', 'good.twrp']);
    humanReplay(s, 'b', 400, 'good.twrp');
    const r1 = resolveClips(s, { folder: clips, studyPath, record: true });
    expect(r1.map((c) => [c.playerId, c.status])).toEqual([
      ['base', 'recorded'],
      ['man', 'ok'],
    ]);
    expect(r1[0]!.replay!.config).toMatchObject({ stages: 'drill', drill: 'survey', drillVariant: 'a', seed: 4, mode: 'practice' });
    expect(r1[0]!.replay!.sides[0]!.controller).toBe('cpu:base');
    expect(r1[0]!.replay!.extra).toEqual({ study: { id: 'paper-004', player: 'base', drill: 'survey', variant: 'a' } });
    expect(r1[1]!.name).toBe('good.twrp');
    const r2 = resolveClips(s, { folder: clips, studyPath, record: true });
    expect(r2[0]!.status).toBe('kept');
    expect(r2[0]!.replay!.finalHash).toBe(r1[0]!.replay!.finalHash);
  });

  it('a CPU clip of another player in the folder is bad and recorded again', () => {
    const s = smallStudy(['good.twrp']);
    const m = createMatch(drillConfig(s, 'a'));
    const runner = new MatchRunner(m, [createController('scripted')]);
    runner.runUntil(Number.MAX_SAFE_INTEGER);
    writeFileSync(join(clips, 'base-a.twrp'), encodeReplay(replayFromRunner(runner, { date: '2026-01-01T00:00:00Z' })));
    const bad = resolveClips(s, { folder: clips, studyPath, record: false });
    expect(bad[0]!.status).toBe('bad');
    expect(bad[0]!.problem).toMatch(/base-a\.twrp was played by scripted, the player is cpu:base$/);
    expect(resolveClips(s, { folder: clips, studyPath, record: true })[0]!.status).toBe('recorded');
  });
});
