// The package build: blinding (ids, file names, replay headers), the same package from the same
// study, counterbalanced orders, and refusal of a clip that is too short or does not verify.
import { describe, expect, it } from 'vitest';
import { decodeReplay, verifyReplay } from '../../../src/replay';
import { blindReplay, BuildError, buildPackage, BLIND_SIDE } from '../../../src/study/build';
import { parseManifest } from '../../../src/study/manifest';
import { paperInput, PLAYER_WORDS, practiceReplay } from './fixtures';

describe('buildPackage', () => {
  const input = paperInput();
  const pkg = buildPackage(input);

  it('writes 16 clips, a manifest and a key that maps every clip back to its player and set', () => {
    expect(pkg.manifest.clips).toHaveLength(16);
    expect([...pkg.files.keys()].filter((f) => f.startsWith('clips/'))).toHaveLength(16);
    expect(pkg.files.has('manifest.json')).toBe(true);
    expect(Object.keys(pkg.key).sort()).toEqual(pkg.manifest.clips.map((c) => c.id).sort());
    for (const [i, s] of input.sets.entries()) {
      const ids = Object.entries(pkg.key).filter(([, k]) => k.set === i + 1);
      expect(ids.map(([, k]) => k.playerId).sort()).toEqual([s.a.playerId, s.b.playerId].sort());
    }
    // Every player appears at least 3 times (the paper's design).
    const counts: Record<string, number> = {};
    for (const k of Object.values(pkg.key)) counts[k.playerId] = (counts[k.playerId] ?? 0) + 1;
    for (const n of Object.values(counts)) expect(n).toBeGreaterThanOrEqual(3);
  });

  it('shows group B every set in the opposite order from group A, with the same two clips', () => {
    const [a, b] = pkg.manifest.groups;
    for (const [i, s] of a!.sets.entries()) {
      const t = b!.sets[i]!;
      expect([s.order, t.order]).toEqual(['AB', 'BA']);
      expect([t.first, t.second]).toEqual([s.second, s.first]);
      expect(pkg.key[s.first]!.playerId).toBe(input.sets[i]!.a.playerId);
    }
  });

  it('is blind: no player, preset or human/CPU word in ids, file names or the manifest', () => {
    const text = new TextDecoder().decode(pkg.files.get('manifest.json')!).toLowerCase();
    const names = [...pkg.files.keys()].join(' ').toLowerCase();
    for (const w of PLAYER_WORDS) {
      expect(text.includes(w), `manifest mentions '${w}'`).toBe(false);
      expect(names.includes(w), `a file name mentions '${w}'`).toBe(false);
    }
    for (const c of pkg.manifest.clips) {
      expect(c.id).toMatch(/^c[a-z0-9]{11}$/);
      expect(c.file).toMatch(/^clips\/c[a-z0-9]{15}\.twrp$/);
    }
  });

  it('is blind inside the clips: every header is the same but for seed and inputs (human: false for all), and each still verifies', () => {
    const headers = [...pkg.files.entries()]
      .filter(([f]) => f.startsWith('clips/'))
      .map(([, bytes]) => {
        const r = decodeReplay(bytes);
        expect(verifyReplay(r).ok).toBe(true);
        expect(r.frames).toBe(180);
        const text = new TextDecoder()
          .decode(bytes.subarray(20, 20 + new DataView(bytes.buffer, bytes.byteOffset).getUint32(8, true)))
          .toLowerCase()
          .replace('"human":false', '');
        for (const w of PLAYER_WORDS) expect(text.includes(w), `a clip header mentions '${w}'`).toBe(false);
        return { ...r, config: { ...r.config, seed: 0 }, inputs: [], checksums: [], finalHash: '' };
      });
    for (const h of headers) expect(h).toEqual(headers[0]);
    expect(headers[0]!.sides).toEqual([BLIND_SIDE]);
  });

  it('gives the same ids for the same study and different ids for another', () => {
    const again = buildPackage(paperInput());
    expect(again.manifest.clips.map((c) => c.id)).toEqual(pkg.manifest.clips.map((c) => c.id));
    const other = buildPackage({ ...paperInput(), seed: 'another study' });
    expect(other.manifest.clips.map((c) => c.id).some((id) => pkg.key[id])).toBe(false);
    expect(parseManifest(JSON.parse(new TextDecoder().decode(pkg.files.get('manifest.json')!))).studyId).toBe(pkg.manifest.studyId);
  });
});

describe('blindReplay', () => {
  it('refuses a replay shorter than the clip, naming the file', () => {
    const r = practiceReplay(3, 'random:1', 100, true, 'x');
    expect(() => blindReplay(r, 180, 'replays/short.twrp')).toThrow(BuildError);
    expect(() => blindReplay(r, 180, 'replays/short.twrp')).toThrow(/replays\/short\.twrp: the replay has 100 frames/);
  });

  it('refuses a replay that does not re-simulate (a changed input), naming the frame', () => {
    const r = practiceReplay(3, 'random:1', 200, true, 'x');
    const bad = { ...r, inputs: [r.inputs[0]!.slice()] };
    for (let f = 0; f < 60; f++) bad.inputs[0]![f] = 0;
    expect(() => blindReplay(bad, 180, 'replays/edited.twrp')).toThrow(/replays\/edited\.twrp: desync at frame 60/);
  });
});
