import { copyFileSync, existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createController } from '../../src/controllers/registry';
import { decodeReplay, encodeReplay, replayFromRunner, type Replay } from '../../src/replay';
import { createMatch } from '../../src/sim/match';
import { MatchRunner } from '../../src/sim/runner';
import { clipFrames, clipNeeds, drillConfig, resolveClips } from '../../src/cli/study-recordings';
import { checkStudy, type Study } from '../../src/study/schema';
import { paperStudyInput } from '../../src/study/template';
import { rmSync } from 'node:fs';
import { main } from '../../src/cli/study';
import { recordStandIn } from '../../src/cli/study-stand-in';
import { clipConfigProblem } from '../../src/study/clip-config';
import { lastJson, runMain } from '../cli/tool-run';

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

/**
 * What the game's Record for a study saves for a person: the study's config, tagged with the study and
 * player, marked human (here a seeded random player stands at the keyboard).
 */
function personReplay(
  study: Study,
  variant: string,
  frames: number,
  o: { seed?: number; player?: string; id?: string; tag?: boolean; config?: object; spec?: string } = {},
): Replay {
  const s = createMatch({ ...drillConfig(study, variant), seed: o.seed ?? study.drill.seed, ...o.config });
  const r = new MatchRunner(s, [createController(o.spec ?? 'random:3')]);
  r.runUntil(frames);
  const tag = { study: { id: o.id ?? study.id, player: o.player ?? 'man', drill: study.drill.name, variant } };
  const rep = replayFromRunner(r, { date: '2026-01-01T00:00:00Z', extra: o.tag === false ? {} : tag });
  rep.sides[0] = { ...rep.sides[0]!, human: true, controller: 'human' };
  return rep;
}

function humanReplay(study: Study, variant: string, frames: number, file: string, seed = study.drill.seed): void {
  writeFileSync(join(dir, file), encodeReplay(personReplay(study, variant, frames, { seed })));
}

const write = (file: string, r: Replay) => writeFileSync(join(dir, file), encodeReplay(r));

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

  it("refuses a clip whose config differs from the study's in any field, naming the file, the field and both values", () => {
    const s = smallStudy(['long-limit.twrp', 'match-recipe.twrp']);
    // The study's config but a 3-minute limit; and what `match --stages drill` used to give (Normal, finite lives, 3:00).
    write('long-limit.twrp', personReplay(s, 'b', 400, { config: { timeLimit: 10800 } }));
    write('match-recipe.twrp', personReplay(s, 'b', 400, { config: { difficulty: 'normal', infiniteLives: false, timeLimit: 10800 } }));
    const r = resolveClips(s, { folder: clips, studyPath, record: false });
    const p = r[1]!.problem!;
    expect(r[1]!.status).toBe('missing');
    expect(p).toContain("players[1].replays[0] long-limit.twrp has config.timeLimit 10800 frames; the study's clips use 2400");
    expect(p).toMatch(/players\[1\]\.replays\[1\] match-recipe\.twrp has config\.difficulty 'normal'; the study's clips use 'easy'/);
    expect(p).toContain("config.infiniteLives is false; the study's clips use true");
    expect(clipConfigProblem({ ...drillConfig(s, 'b') }, s, 'b')).toMatch(/config\.stageSpeed is missing/);
  });

  it('a CPU clip in the folder with the right player but another config is bad and recorded again', () => {
    const s = smallStudy(['good.twrp']);
    const m = createMatch({ ...drillConfig(s, 'a'), timeLimit: 3000 });
    const runner = new MatchRunner(m, [createController('cpu:base')]);
    runner.runUntil(Number.MAX_SAFE_INTEGER);
    const extra = { study: { id: s.id, player: 'base', drill: 'survey', variant: 'a' } };
    write('clips/base-a.twrp', replayFromRunner(runner, { date: '2026-01-01T00:00:00Z', extra }));
    const bad = resolveClips(s, { folder: clips, studyPath, record: false });
    expect(bad[0]!.problem).toMatch(/base-a\.twrp has config\.timeLimit 3000 frames; the study's clips use 2400$/);
    expect(resolveClips(s, { folder: clips, studyPath, record: true })[0]!.status).toBe('recorded');
  });

  it("refuses a replay tagged for another study or player, or not tagged, as a human player's clip", () => {
    const s = smallStudy(['other-study.twrp', 'other-player.twrp', 'untagged.twrp']);
    write('other-study.twrp', personReplay(s, 'b', 400, { id: 'pilot-1' }));
    write('other-player.twrp', personReplay(s, 'b', 400, { player: 'base' }));
    write('untagged.twrp', personReplay(s, 'b', 400, { tag: false }));
    const p = resolveClips(s, { folder: clips, studyPath, record: false })[1]!.problem!;
    expect(p).toContain(`other-study.twrp is tagged extra.study.id "pilot-1"; this study's id is 'paper-004'`);
    expect(p).toContain(`other-player.twrp is tagged extra.study.player "base"; it is listed for player 'man'`);
    expect(p).toContain('untagged.twrp has no extra.study tag');
  });

  it('refuses a CPU-played replay for a human player unless stand-ins are allowed, then marks it a stand-in', () => {
    const s = smallStudy(['cpu-played.twrp']);
    const r = recordStandIn(s, 'man', 'b', 'cpu:novice', '2026-01-01T00:00:00Z');
    expect(r.sides[0]!.human).toBe(false);
    expect(r.extra).toEqual({ study: { id: s.id, player: 'man', drill: 'survey', variant: 'b' }, standIn: 'cpu:novice' });
    write('cpu-played.twrp', r);
    const no = resolveClips(s, { folder: clips, studyPath, record: false })[1]!;
    expect(no.status).toBe('missing');
    expect(no.problem).toContain(
      'cpu-played.twrp is CPU-played (human: false, controller cpu:novice, a stand-in by cpu:novice); ' +
        "a human player's clip must be a person's recording (give --stand-ins to accept stand-ins)",
    );
    const yes = resolveClips(s, { folder: clips, studyPath, record: false, standIns: true })[1]!;
    expect([yes.status, yes.standIn]).toEqual(['ok', true]);
    // A person's recording is not a stand-in.
    humanReplay(s, 'b', 400, 'good.twrp');
    const person = resolveClips(smallStudy(['good.twrp']), { folder: clips, studyPath, record: false, standIns: true })[1]!;
    expect([person.status, person.standIn]).toEqual(['ok', false]);
  });

  it('refuses one replay file, or the same play in two files, used for two players', () => {
    const two = (replaysA: string[], replaysB: string[]) =>
      checkStudy(
        {
          ...paperStudyInput(),
          players: [
            { id: 'ann', label: 'Ann', source: 'human', replays: replaysA },
            { id: 'bob', label: 'Bob', source: 'human', replays: replaysB },
          ],
          sets: [{ a: 'ann', b: 'bob', variants: ['a', 'a'] }],
          groups: [{ id: 'A', orders: ['AB'] }],
          clip: { seconds: 5, start: 1 },
        },
        'two.json',
      );
    // The tags would give it away too; these copies are tagged for each player, so only the play is the same.
    const ann = personReplay(two(['x.twrp'], ['y.twrp']), 'a', 400, { player: 'ann' });
    write('ann-a.twrp', ann);
    write('bob-a.twrp', { ...ann, extra: { study: { ...(ann.extra.study as object), player: 'bob' } } });
    const r = resolveClips(two(['ann-a.twrp'], ['bob-a.twrp']), { folder: clips, studyPath, record: false });
    expect(r.map((c) => c.status)).toEqual(['bad', 'bad']);
    expect(r[0]!.problem).toBe(
      "ann variant a: the same play (config and inputs) in ann-a.twrp and bob-a.twrp is given for players 'ann' and 'bob'; " +
        'each player needs its own recording',
    );
    // The same file for both: refused (its tag names one player, so the other is refused for that too).
    const same = resolveClips(two(['ann-a.twrp'], ['ann-a.twrp']), { folder: clips, studyPath, record: false });
    expect(same[1]!.problem).toContain(`ann-a.twrp is tagged extra.study.player "ann"; it is listed for player 'bob'`);
    // A different play for each: fine.
    write('bob-a.twrp', personReplay(two(['x.twrp'], ['y.twrp']), 'a', 400, { player: 'bob', spec: 'random:4' }));
    expect(resolveClips(two(['ann-a.twrp'], ['bob-a.twrp']), { folder: clips, studyPath, record: false }).map((c) => c.status)).toEqual([
      'ok',
      'ok',
    ]);
  });

  it('study stand-in records every variant a player needs with the exact config; record takes them only with --stand-ins', async () => {
    const sd = mkdtempSync(join(dir, 'standin-'));
    const study = join(sd, 'paper.json');
    expect((await runMain(main, ['template', 'paper', '--out', study])).status).toBe(0);
    const st = await runMain(main, ['stand-in', study, '--player', 'beginner', '--as', 'human:newcomer', '--json']);
    expect(st.status).toBe(0);
    const files = (lastJson(st.stdout) as { files: { variant: string; file: string }[] }).files;
    expect(files.map((f) => [f.variant, f.file.slice(sd.length)])).toEqual([
      ['a', '/recordings/beginner-a.twrp'],
      ['b', '/recordings/beginner-b.twrp'],
      ['d', '/recordings/beginner-d.twrp'],
    ]);
    const s = checkStudy(JSON.parse(readFileSync(study, 'utf8')), study);
    for (const f of files) {
      const r = decodeReplay(readFileSync(f.file));
      expect(clipConfigProblem(r.config as never, s, f.variant)).toBeNull();
      expect(r.extra).toEqual({
        study: { id: 'paper-004', player: 'beginner', drill: 'survey', variant: f.variant },
        standIn: 'human:newcomer',
      });
    }
    expect((await runMain(main, ['stand-in', study, '--player', 'expert', '--as', 'human:skilled'])).status).toBe(0);
    // Without --stand-ins the human clips are missing (exit 1); with it every clip is ready.
    const no = await runMain(main, ['record', study, '--json']);
    expect(no.status).toBe(1);
    expect(JSON.stringify(lastJson(no.stdout))).toContain('is CPU-played');
    const yes = await runMain(main, ['record', study, '--stand-ins', '--json']);
    expect(yes.status).toBe(0);
    expect(yes.stderr).toMatch(/stand-ins used for 7 human clip\(s\)/);
    const j = lastJson(yes.stdout) as { ready: number; clips: { kind: string; standIn: boolean }[] };
    expect([j.ready, j.clips.length]).toEqual([16, 16]);
    expect(j.clips.filter((c) => c.standIn).length).toBe(7);
    // A person's recording already in place is never overwritten.
    const person = join(sd, 'recordings', 'expert-a.twrp');
    copyFileSync(join(dir, 'good.twrp'), person);
    const before = readFileSync(person);
    const refused = await runMain(main, ['stand-in', study, '--player', 'expert', '--as', 'human:skilled']);
    expect(refused.status).toBe(2);
    expect(refused.stderr).toMatch(/recordings\/expert-a\.twrp: exists and is not a stand-in .*not overwritten/);
    expect(readFileSync(person).equals(before)).toBe(true);
    expect(existsSync(join(sd, 'recordings', 'expert-b.twrp'))).toBe(true);
    // Not a human player, or an unknown one.
    expect((await runMain(main, ['stand-in', study, '--player', 'base', '--as', 'cpu:novice'])).stderr).toMatch(/is a CPU player/);
    expect((await runMain(main, ['stand-in', study, '--player', 'nobody', '--as', 'cpu:novice'])).stderr).toMatch(/no such player/);
  }, 240_000);
});
