// hashState covers the whole state. The test walks a mid-match state generically — every number and
// boolean reachable from it, every array's length, every random stream — and changes each one on a
// copy. The hash must change, unless the change is not state at all:
// - shared and immutable (the parsed maze: the same object in every copy, named by config and rotation),
// - or not carried by cloneState (dead pool slots past `count`, scratch buffers, things rebuilt from the
//   config), so it cannot influence the future of a copy either.
// Anything else the hash misses is a miss, even if the changed copy happens to play the same for a while:
// a short run proves nothing about a value that matters later.
// Long typed arrays and lists are sampled (their first entries, where pools keep live items, and a spread).
// Not walked: the per-step event list and the chasers' field (see NOT_WALKED).
import { describe, expect, it } from 'vitest';
import { RandomController } from '../../src/controllers/random';
import { AttackKind, cloneState, createMatch, hashState, step, type MatchState } from '../../src/sim';
import { Rng } from '../../src/sim/rng';
import { sendAttack } from '../../src/sim/versus';
import { classicStageConfig } from '../fixtures/classic-presets';

type Key = string | number;
type Leaf = { path: Key[]; kind: 'num' | 'bool' | 'len' | 'rng' };

/**
 * Keys the walk does not enter: `events` is not state by definition (state.ts); `group` is a maze
 * side's ChaserGroup (src/world/chase/group.ts), whose wave buffers keep invariants that arbitrary edits
 * break (wall and padding points stay 0, so its hashInto skips them); it hashes itself, and
 * tests/sim/maze.test.ts checks that its evolution reaches hashState and survives cloneState.
 */
const NOT_WALKED = new Set(['events', 'group']);

function sampleIndices(n: number): number[] {
  if (n <= 32) return Array.from({ length: n }, (_, i) => i);
  const out = new Set<number>();
  for (let i = 0; i < 16; i++) out.add(i);
  for (let k = 0; k < 8; k++) out.add(Math.floor(((k + 0.5) * n) / 8));
  out.add(n - 1);
  return [...out];
}

const isPlain = (v: unknown) => v !== null && typeof v === 'object' && Object.getPrototypeOf(v) === Object.prototype;

function leaves(root: object): Leaf[] {
  const out: Leaf[] = [];
  const seen = new Set<object>();
  const walk = (v: unknown, path: Key[]) => {
    if (typeof v === 'number') out.push({ path, kind: 'num' });
    else if (typeof v === 'boolean') out.push({ path, kind: 'bool' });
    else if (v instanceof Rng) out.push({ path, kind: 'rng' });
    else if (v !== null && typeof v === 'object') {
      if (seen.has(v)) return;
      seen.add(v);
      if (ArrayBuffer.isView(v)) {
        for (const i of sampleIndices((v as unknown as ArrayLike<number>).length)) out.push({ path: [...path, i], kind: 'num' });
      } else if (Array.isArray(v)) {
        if (v.length > 0 && (typeof v[0] === 'number' || isPlain(v[0]))) out.push({ path, kind: 'len' });
        for (const i of sampleIndices(v.length)) walk(v[i], [...path, i]);
      } else {
        for (const k of Object.keys(v)) if (!NOT_WALKED.has(k)) walk((v as Record<string, unknown>)[k], [...path, k]);
      }
    }
  };
  walk(root, []);
  return out;
}

function at(root: unknown, path: Key[]): unknown {
  let v = root as Record<Key, unknown>;
  for (const k of path) v = v[k] as Record<Key, unknown>;
  return v;
}

/** A different value of the same sort: whole numbers step toward 0 (so indices and counts stay valid). */
function changed(v: number): number {
  if (!Number.isFinite(v)) return 0;
  if (Number.isInteger(v) && Math.abs(v) < 2 ** 31) return v > 0 ? v - 1 : v + 1;
  return v + 1 !== v ? v + 1 : v * 2;
}

/** Changes the leaf in `root`; returns a fingerprint of the value before. */
function mutate(root: object, leaf: Leaf): string {
  if (leaf.kind === 'len') {
    const arr = at(root, leaf.path) as unknown[];
    const last = arr[arr.length - 1];
    arr.push(typeof last === 'number' ? last : { ...(last as object) });
    return String(arr.length - 1);
  }
  const holder = at(root, leaf.path.slice(0, -1)) as Record<Key, unknown>;
  const k = leaf.path.at(-1)!;
  if (leaf.kind === 'rng') {
    const r = holder[k] as Rng;
    const before = JSON.stringify(r.state());
    r.next();
    return before;
  }
  const before = holder[k];
  holder[k] = leaf.kind === 'bool' ? !before : changed(before as number);
  return String(before);
}

function fingerprint(root: object, leaf: Leaf): string {
  const v = at(root, leaf.path);
  if (leaf.kind === 'len') return String((v as unknown[]).length);
  if (leaf.kind === 'rng') return JSON.stringify((v as Rng).state());
  return String(v);
}

function audit(base: MatchState, hash: (s: MatchState) => string = hashState, under = '') {
  const h0 = hash(base);
  const report = { covered: 0, shared: 0, notCarried: 0, missed: [] as string[] };
  for (const leaf of leaves(base)) {
    if (!leaf.path.join('.').startsWith(under)) continue;
    const m = cloneState(base);
    const parent = leaf.kind === 'len' ? at(m, leaf.path) : at(m, leaf.path.slice(0, -1));
    const baseParent = leaf.kind === 'len' ? at(base, leaf.path) : at(base, leaf.path.slice(0, -1));
    if (parent === baseParent) {
      report.shared++;
      continue;
    }
    const before = mutate(m, leaf);
    if (hash(m) !== h0) {
      report.covered++;
      continue;
    }
    let copy: MatchState;
    try {
      copy = cloneState(m);
    } catch {
      // A structural parameter (a field's size): copies rebuild it from the config and refuse a mismatch.
      report.notCarried++;
      continue;
    }
    if (fingerprint(copy, leaf) === before) {
      report.notCarried++;
      continue;
    }
    report.missed.push(leaf.path.join('.'));
  }
  return report;
}

function playTo(s: MatchState, frames: number): void {
  const c = [new RandomController(3), new RandomController(4)];
  while (s.frame < frames) step(s, c[0]!.decide(), c[1]!.decide());
}

describe('hashState covers the whole state', () => {
  it('open stages: every number, flag, list length and stream of a mid-match state', () => {
    // The classic Hard stage (dense enough by frame 1500 for bullets, enemies and attacks in both fields).
    const s = createMatch({ seed: 11, ...classicStageConfig('hard'), lives: 99 });
    playTo(s, 1500);
    sendAttack(s, s.sides[0]!, AttackKind.BOSS, 3); // one attack still travelling
    sendAttack(s, s.sides[1]!, AttackKind.SPIRIT, 5);
    s.sides[0]!.ship.charge = 5;
    expect(s.sides.every((side) => side.bullets.count > 10 && side.enemies.count > 0 && side.incoming.length > 0)).toBe(true);
    const r = audit(s);
    expect(r.missed).toEqual([]);
    expect(r.covered).toBeGreaterThan(500);
  });

  it('maze stages: the same, with chasers, turrets, pads and sent enemies', () => {
    // 'flow' chasers: the group is not walked (see NOT_WALKED), and its copies are the cheapest.
    const s = createMatch({ seed: 4, stages: 'maze', maze: 'pillars', ...classicStageConfig('normal'), lives: 99, chaseMethod: 'flow' });
    playTo(s, 400);
    for (const side of s.sides) sendAttack(s, side, AttackKind.BOSS, 3);
    sendAttack(s, s.sides[0]!, AttackKind.PATTERN, 2);
    playTo(s, 460);
    for (const side of s.sides) sendAttack(s, side, AttackKind.SPIRIT, 5); // still travelling
    const sentHere = (side: MatchState['sides'][0]) => side.enemies.items.slice(0, side.enemies.count).filter((e) => e.owner >= 0).length;
    expect(s.sides.some((side) => side.maze!.chasers.some((c) => c.alive))).toBe(true);
    expect(s.sides.every((side) => side.incoming.length > 0 && sentHere(side) > 0)).toBe(true);
    const r = audit(s);
    expect(r.missed).toEqual([]);
    expect(r.covered).toBeGreaterThan(400);
  });

  it('the audit does catch a hash that leaves live state out', () => {
    const s = createMatch({ seed: 2, ...classicStageConfig('normal'), lives: 99 });
    playTo(s, 300);
    s.sides[0]!.ship.shotCooldown = 4; // the random player holds the shot: 4 → 3 moves the next shot
    // A hash blind to the ships' shot cooldown, which decides when the next shot leaves.
    const blind = (x: MatchState) => {
      const c = cloneState(x);
      for (const side of c.sides) side.ship.shotCooldown = 0;
      return hashState(c);
    };
    const r = audit(s, blind, 'sides.0.ship');
    expect(r.missed).toEqual(['sides.0.ship.shotCooldown']);
    expect(r.covered).toBeGreaterThan(5); // the rest of the ship is still seen
  });

  it('a missed value counts as missed even when changing it alters nothing for a long while', () => {
    const s = createMatch({ seed: 2, ...classicStageConfig('normal'), lives: 99 });
    playTo(s, 300);
    // Lives 99 → 98 changes nothing until the ship runs out (far beyond any short replay of the copy).
    const blind = (x: MatchState) => {
      const c = cloneState(x);
      for (const side of c.sides) side.ship.lives = 0;
      return hashState(c);
    };
    const r = audit(s, blind, 'sides.1.ship');
    expect(r.missed).toEqual(['sides.1.ship.lives']);
  });
});
