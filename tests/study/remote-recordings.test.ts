// `study record --from`: recordings people made on the package's recording page, accepted by the
// study server, become the human clips of the study (the newest one that passes every check).
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { main } from '../../src/cli/study';
import { studyBuildInput } from '../../src/cli/study-build';
import { writePackage } from '../../src/cli/study-site';
import { recordStandIn } from '../../src/cli/study-stand-in';
import { encodeReplay, type Replay } from '../../src/replay';
import { createStudyServer } from '../../src/server/app';
import { buildPackage } from '../../src/study/build';
import { twoPlayerStudy } from './two-player-study';
import { lastJson, runMain } from '../cli/tool-run';

const tool = (args: string[]) => runMain(main, args);
const dir = mkdtempSync(join(tmpdir(), 'twf-remote-rec-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('study record --from (remote recordings)', () => {
  it("takes each human clip from the server's database, newest good one first, and refuses what does not fit", async () => {
    const studyPath = join(dir, 'study.json');
    const study = twoPlayerStudy({ seconds: 2, start: 1 });
    writeFileSync(studyPath, JSON.stringify(study));
    const standIn = (who: string, v: string, spec: string) => recordStandIn(study, who, v, spec, '2026-01-01T00:00:00Z');
    for (const [who, spec] of [
      ['calm', 'idle'],
      ['busy', 'random:9'],
    ] as const)
      for (const v of ['a', 'b']) writeFileSync(join(dir, `${who}-${v}.twrp`), encodeReplay(standIn(who, v, spec)));
    // The recording package: stand-ins until people have played (a page stand-in; a real build runs Vite).
    const pkgDir = join(dir, 'pkg');
    mkdirSync(join(pkgDir, 'site'), { recursive: true });
    writeFileSync(join(pkgDir, 'site', 'index.html'), '<!doctype html><title>study</title>');
    const pkg = buildPackage(studyBuildInput(study, studyPath, join(dir, 'cpu'), { standIns: true }));
    writePackage(pkg, pkgDir);
    // What the recording page uploads: a person's play, tagged with the package's opaque study id.
    const person = (who: string, v: string, spec: string, tagPlayer = who): Replay => {
      const r = standIn(who, v, spec);
      r.sides[0] = { ...r.sides[0]!, human: true, controller: 'human' };
      r.extra = { study: { id: pkg.manifest.studyId, player: tagPlayer, drill: 'survey', variant: v } };
      return r;
    };
    const uploads: [string, string, Replay][] = [
      ['calm', 'a', person('calm', 'a', 'random:1')],
      ['calm', 'a', person('calm', 'a', 'random:2', 'busy')], // newest, but tagged for another player
      ['calm', 'b', person('calm', 'b', 'random:3')],
      ['calm', 'b', person('calm', 'b', 'random:4')], // newest good one
    ];
    let clock = 0;
    const s = await createStudyServer({
      out: pkgDir,
      researcherToken: 'researcher-token-1',
      recordToken: 'record-token-12345',
      rateLimit: 0,
      now: () => new Date(Date.UTC(2026, 10, 27, 12, 0, clock++)).toISOString(),
    });
    try {
      for (const [who, v, r] of uploads) {
        const res = await s.app.inject({
          method: 'POST',
          url: `/api/replays?kind=recording&player=${who}&variant=${v}`,
          headers: { 'content-type': 'application/octet-stream', 'x-record-token': 'record-token-12345' },
          payload: Buffer.from(encodeReplay(r)),
        });
        expect(res.statusCode, res.body).toBe(201);
      }
    } finally {
      await s.close();
    }
    // The stand-ins of calm go; busy keeps its stand-ins (no recordings).
    for (const v of ['a', 'b']) rmSync(join(dir, `calm-${v}.twrp`));
    const r = await tool(['record', studyPath, '--clips', join(dir, 'cpu'), '--from', pkgDir, '--stand-ins', '--json']);
    expect(r.status, r.stderr).toBe(0);
    const j = lastJson(r.stdout) as {
      remote: { player: string; variant: string; status: string; note: string }[];
      clips: { player: string; variant: string; standIn: boolean; status: string }[];
    };
    expect(j.remote.map((x) => [x.player, x.variant, x.status]).sort()).toEqual([
      ['busy', 'a', 'kept'],
      ['busy', 'b', 'kept'],
      ['calm', 'a', 'written'],
      ['calm', 'b', 'written'],
    ]);
    expect(new Uint8Array(readFileSync(join(dir, 'calm-a.twrp')))).toEqual(encodeReplay(uploads[0]![2]));
    expect(new Uint8Array(readFileSync(join(dir, 'calm-b.twrp')))).toEqual(encodeReplay(uploads[3]![2]));
    expect(r.stderr).toMatch(/calm variant a: from .*study\.sqlite#/);
    expect(j.clips.filter((c) => c.player === 'calm').every((c) => c.status === 'ok' && !c.standIn)).toBe(true);
    // Nothing fits: every recording's reason is given; no file is written.
    rmSync(join(dir, 'calm-a.twrp'));
    const again = await tool(['record', studyPath, '--clips', join(dir, 'cpu'), '--from', join(pkgDir, 'study.sqlite'), '--json']);
    const k = lastJson(again.stdout) as { remote: { player: string; variant: string; status: string }[] };
    expect(k.remote.find((x) => x.player === 'calm' && x.variant === 'a')!.status).toBe('written');
    expect(existsSync(join(dir, 'calm-a.twrp'))).toBe(true);
    const bad = await tool(['record', studyPath, '--from', join(dir, 'nowhere')]);
    expect(bad.status).toBe(2);
    expect(bad.stderr).toMatch(/--from .*nowhere: no such file or folder/);
  });
});
