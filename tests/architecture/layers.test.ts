// The layer rule of docs/architecture.md, checked on the real import graph of src/.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { importGraph, layerOf, parseLayerTable, topLevelEntries, violations } from './layers';

const ROOT = join(__dirname, '..', '..');
const SRC = join(ROOT, 'src');
const layers = parseLayerTable(readFileSync(join(ROOT, 'docs', 'architecture.md'), 'utf8'));

describe('layer table (docs/architecture.md)', () => {
  it('parses into ranked rows, lowest first, each folder listed once', () => {
    expect(layers.length).toBeGreaterThan(10);
    const ranks = layers.map((l) => l.rank);
    expect(ranks).toEqual([...ranks].sort((a, b) => a - b));
    const folders = layers.flatMap((l) => l.folders);
    expect(new Set(folders).size).toBe(folders.length);
  });

  it('has a row for every folder and file of src/', () => {
    const missing = topLevelEntries(SRC).filter((e) => !layerOf(layers, e));
    expect(missing).toEqual([]);
  });

  it('catches an upward import and a sideways one (the check can fail)', () => {
    const bad = violations(layers, [
      { from: 'sim/match.ts', to: 'cpu/dodge/dodger.ts', line: 3 },
      { from: 'playback/x.ts', to: 'lab/y.ts', line: 1 },
      { from: 'cpu/x.ts', to: 'sim/match.ts', line: 1 },
    ]);
    expect(bad).toHaveLength(2);
    expect(bad[0]).toContain('src/sim/match.ts:3');
  });
});

describe('import graph of src/', () => {
  const edges = importGraph(SRC);

  it('reads the graph (sanity: the sim imports its own modules)', () => {
    expect(edges.length).toBeGreaterThan(300);
    expect(edges.some((e) => e.from === 'sim/match.ts')).toBe(true);
  });

  it('has no import that goes against the layer table', () => {
    expect(violations(layers, edges)).toEqual([]);
  });
});

describe('linter purity rules (biome.jsonc)', () => {
  it('apply to exactly the folders the table marks pure', () => {
    const text = readFileSync(join(ROOT, 'biome.jsonc'), 'utf8').replace(/^\s*\/\/.*$/gm, '');
    const config = JSON.parse(text) as { overrides?: { includes?: string[]; linter?: unknown }[] };
    const pureOverride = (config.overrides ?? []).find((o) => JSON.stringify(o.linter ?? {}).includes('noRestrictedGlobals'));
    expect(pureOverride, 'biome.jsonc has an override with the purity rules').toBeDefined();
    const folderOf = (g: string) => g.replace(/^!?src\//, '').replace(/\/\*\*$/, '');
    const includes = pureOverride!.includes ?? [];
    const linted = includes
      .filter((g) => !g.startsWith('!'))
      .map(folderOf)
      .sort();
    const pure = layers
      .filter((l) => l.pure)
      .flatMap((l) => l.folders)
      .sort();
    expect(linted).toEqual(pure);
    // A negated glob carves out a sub-folder with a row of its own that is not pure (study/page).
    for (const g of includes.filter((x) => x.startsWith('!'))) expect(layerOf(layers, folderOf(g))?.layer.pure).toBe(false);
  });
});
