// The preset library on IndexedDB (fake-indexeddb in Node): save, rename, delete, import, and every
// bad input refused with the field named and nothing already saved lost.
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { getDodgePreset } from '../../src/cpu/presets';
import { getStagePreset } from '../../src/sim/stage-preset';
import { freeName, PresetLibrary, presetFileText, presetKindOf } from '../../src/storage/preset-library';

let lib: PresetLibrary;
let n = 0;

beforeEach(async () => {
  lib = await PresetLibrary.open(`presets-test-${n++}`);
});
afterEach(() => lib.close());

const myCpu = () => ({ ...getDodgePreset('normal'), name: 'my-cpu', label: 'My CPU', depth: 3 });

describe('PresetLibrary', () => {
  it('saves a custom CPU preset and lists it resolved', async () => {
    await lib.save('cpu', myCpu());
    const { presets, invalid } = await lib.list('cpu');
    expect(invalid).toEqual([]);
    expect(presets.map((p) => [p.name, p.depth])).toEqual([['my-cpu', 3]]);
    expect(await lib.names('cpu')).toContain('normal');
  });

  it('refuses a built-in name, a taken name and an out-of-range value, naming the field; nothing changes', async () => {
    await lib.save('cpu', myCpu());
    await expect(lib.save('cpu', { ...myCpu(), name: 'normal' })).rejects.toThrow(/built-in/);
    await expect(lib.save('cpu', { ...myCpu(), depth: 99 })).rejects.toThrow(/^CPU preset\.depth: /);
    await expect(lib.save('cpu', { ...myCpu(), label: 'Other' }, 'other-name')).rejects.toThrow(/already taken/);
    const { presets } = await lib.list('cpu');
    expect(presets).toHaveLength(1);
    expect(presets[0]!.depth).toBe(3);
  });

  it('renames by saving under the new name in place of the old one, and deletes', async () => {
    await lib.save('cpu', myCpu());
    await lib.save('cpu', { ...myCpu(), name: 'renamed' }, 'my-cpu');
    expect((await lib.list('cpu')).presets.map((p) => p.name)).toEqual(['renamed']);
    await lib.delete('cpu', 'renamed');
    expect((await lib.list('cpu')).presets).toEqual([]);
  });

  it('imports a stage preset and a pair from file text, detecting the kind', async () => {
    const stage = { ...getStagePreset('easy'), name: 'gentle', label: 'Gentle', density: 0.3 };
    expect((await lib.importText(presetFileText(stage), 'gentle.json')).kind).toBe('stage');
    expect((await lib.importText('\uFEFF{"name":"chill","label":"Chill","stage":"gentle","cpu":"easy"}', 'chill.json')).kind).toBe('pair');
    expect((await lib.list('stage')).presets[0]!.density).toBe(0.3);
    expect((await lib.list('pair')).presets[0]!.stage).toBe('gentle');
  });

  it('a broken import names the file and where; the library keeps what it had', async () => {
    await lib.save('cpu', myCpu());
    await expect(lib.importText('{"name": "x",', 'broken.json')).rejects.toThrow(/^broken\.json:1:\d+: malformed JSON/);
    await expect(lib.importText('[1,2]', 'list.json')).rejects.toThrow(/list\.json: a preset file holds one JSON object/);
    await expect(lib.importText('{"hello": 1}', 'other.json')).rejects.toThrow(/not a preset/);
    await expect(lib.importText(JSON.stringify({ ...myCpu(), name: 'x2', slip: 3 }), 'slip.json')).rejects.toThrow(/slip/);
    expect((await lib.list('cpu')).presets.map((p) => p.name)).toEqual(['my-cpu']);
  });
});

describe('helpers', () => {
  it('freeName avoids built-in and custom names', () => {
    expect(freeName('normal', ['normal'])).toBe('normal-copy');
    expect(freeName('normal-copy', ['normal-copy'])).toBe('normal-copy-2');
  });
  it('presetKindOf reads the kind from the fields', () => {
    expect(presetKindOf(getDodgePreset('easy'), 'f')).toBe('cpu');
    expect(presetKindOf(getStagePreset('easy'), 'f')).toBe('stage');
  });
});
