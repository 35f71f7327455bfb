import { describe, expect, it } from 'vitest';
import { keyLegend, keysOf } from '../../src/input/keymap';
import { readPad } from '../../src/input/pad-state';
import { defaultSettings, SETTINGS_KEY, SettingsStore, type SettingsStorage } from '../../src/storage/settings';

function memory(saved?: unknown): SettingsStorage & { data: Map<string, string> } {
  const data = new Map<string, string>();
  if (saved !== undefined) data.set(SETTINGS_KEY, typeof saved === 'string' ? saved : JSON.stringify(saved));
  return { data, getItem: (k) => data.get(k) ?? null, setItem: (k, v) => void data.set(k, v) };
}

describe('settings: loading', () => {
  it('keeps good fields and puts each bad one back to its default', () => {
    const s = new SettingsStore(
      memory({
        version: 1,
        bgmVolume: 0.25,
        sfxVolume: 7, // out of range
        showFps: 'yes', // wrong type
        reducedShake: true,
        scale: 2,
        language: 'fr', // not a language the game has
        pad: { deadZone: 0.9, buttons: { shot: [2], focus: 'L1' } },
        keys: { p1: { shot: 'C', charge: 12 }, p2: 'WASD' },
      }),
      'en-GB',
    ).get();
    const d = defaultSettings('en');
    expect(s.bgmVolume).toBe(0.25);
    expect(s.sfxVolume).toBe(d.sfxVolume);
    expect(s.showFps).toBe(d.showFps);
    expect(s.reducedShake).toBe(true);
    expect(s.scale).toBe(2);
    expect(s.language).toBe('en');
    expect(s.pad.deadZone).toBe(d.pad.deadZone);
    expect(s.pad.buttons).toEqual({ ...d.pad.buttons, shot: [2] });
    expect(s.keys.p1).toEqual({ ...d.keys.p1, shot: 'C' });
    expect(s.keys.p2).toEqual(d.keys.p2);
  });

  it('bad JSON, a non-object or blocked storage give the defaults', () => {
    for (const saved of ['{"bgmVolume":0.2', '42', '[1,2]', 'null'])
      expect(new SettingsStore(memory(saved)).get()).toEqual(defaultSettings());
    const blocked: SettingsStorage = {
      getItem: () => {
        throw new DOMException('denied', 'SecurityError');
      },
      setItem: () => {
        throw new DOMException('denied', 'SecurityError');
      },
    };
    const s = new SettingsStore(blocked);
    expect(s.get()).toEqual(defaultSettings());
    s.set({ sfxVolume: 0.5 }); // lasts for the visit
    expect(s.get().sfxVolume).toBe(0.5);
    expect(s.saveError).toMatch(/not saved/);
  });

  it('reads an old (no version) and a future version field by field, keeping unknown fields on save', () => {
    expect(new SettingsStore(memory({ sfxVolume: 0.3 })).get().sfxVolume).toBe(0.3);
    const store = memory({ version: 7, sfxVolume: 0.4, highContrastBullets: true, subtitles: 'big' });
    const s = new SettingsStore(store);
    expect(s.get().version).toBe(1);
    expect(s.get().sfxVolume).toBe(0.4);
    expect(s.get().highContrastBullets).toBe(true);
    s.set({ bgmVolume: 0.1 });
    const saved = JSON.parse(store.data.get(SETTINGS_KEY)!);
    expect(saved).toMatchObject({ version: 1, bgmVolume: 0.1, sfxVolume: 0.4, subtitles: 'big' });
  });

  it('language defaults from the browser', () => {
    expect(new SettingsStore(memory(), 'ja-JP').get().language).toBe('ja');
    expect(new SettingsStore(memory(), 'de').get().language).toBe('en');
    expect(new SettingsStore(memory({ language: 'en' }), 'ja').get().language).toBe('en');
  });

  it('saved bindings that break the rules fall back to the default table', () => {
    const d = defaultSettings();
    const twice = new SettingsStore(memory({ keys: { p1: { shot: 'X' } }, sfxVolume: 0.2 })).get(); // X is P1 charge too
    expect(twice.keys).toEqual(d.keys);
    expect(twice.sfxVolume).toBe(0.2);
    expect(new SettingsStore(memory({ keys: { p2: { shot: 'Z' } } })).get().keys).toEqual(d.keys); // Z is P1 shot
    expect(new SettingsStore(memory({ pad: { buttons: { shot: [9] } } })).get().pad.buttons).toEqual(d.pad.buttons); // Start
  });
});

describe('settings: changes', () => {
  it('saves, tells listeners and restores a section', () => {
    const store = memory();
    const s = new SettingsStore(store);
    const seen: number[] = [];
    const off = s.onChange((now, before) => seen.push(now.sfxVolume, before.sfxVolume));
    s.set({ sfxVolume: 0.6, bgmVolume: 0.3, reducedFlashing: true });
    expect(seen).toEqual([0.6, 1]);
    expect(new SettingsStore(store).get()).toMatchObject({ sfxVolume: 0.6, bgmVolume: 0.3, reducedFlashing: true });
    s.reset('sound');
    expect(s.get()).toMatchObject({ sfxVolume: 1, bgmVolume: defaultSettings().bgmVolume, reducedFlashing: true });
    off();
    s.set({ sfxVolume: 0 });
    expect(seen).toHaveLength(4);
    expect(() => s.set({ sfxVolume: 2 })).toThrow(/sfxVolume/);
  });

  it('refuses a key on two actions or on both players, naming both', () => {
    const s = new SettingsStore(memory());
    expect(s.bindKey('p1', 'shot', 'X')).toBe('X is already P1 Charge: it cannot also be P1 Shot.');
    expect(s.bindKey('p1', 'shot', 'J')).toBe('J is already P2 Shot: it cannot also be P1 Shot.');
    expect(s.bindKey('p2', 'up', 'ESC')).toMatch(/reserved/);
    expect(s.get().keys.p1.shot).toBe('Z');
    expect(s.bindKey('p1', 'shot', 'SPACE')).toBeNull();
    expect(s.get().keys.p1.shot).toBe('SPACE');
    expect(s.bindKey('p1', 'shot', 'SPACE')).toBeNull(); // its own key again is fine
    expect(s.bindPad('shot', 5)).toBe('R1 is already Focus: it cannot also be Shot.');
    expect(s.bindPad('charge', 3)).toBeNull();
    expect(s.get().pad.buttons.charge).toEqual([3]);
  });

  it("restoring one player's keys resets both when the other now holds one of its defaults", () => {
    const s = new SettingsStore(memory());
    expect(s.bindKey('p1', 'shot', 'SPACE')).toBeNull();
    expect(s.bindKey('p2', 'shot', 'Z')).toBeNull(); // free since P1 left it
    s.reset('p2Keys');
    expect(s.get().keys.p1.shot).toBe('SPACE');
    expect(s.bindKey('p2', 'shot', 'Z')).toBeNull();
    s.reset('p1Keys'); // P1's default Z is P2's now
    expect(s.get().keys).toEqual(defaultSettings().keys);
  });
});

describe('settings into the input', () => {
  it('the keymap plays the bound keys and names them', () => {
    const s = new SettingsStore(memory());
    s.bindKey('p1', 'shot', 'SPACE');
    s.bindKey('p1', 'up', 'I');
    expect(keysOf('solo', s.get().keys)).toMatchObject({ shot: 'SPACE', up: 'I' });
    expect(keysOf('p1', s.get().keys).shot).toBe('SPACE');
    expect(keysOf('p2', s.get().keys).shot).toBe('J');
    expect(keyLegend('solo', s.get().keys)).toMatchObject({ shot: 'Space', move: 'I ← ↓ →' });
    expect(keyLegend('p2', s.get().keys).move).toBe('WASD');
  });

  it('the pad dead zone comes from the settings', () => {
    const pad = { buttons: [], axes: [{ value: 0.3 }, { value: -0.2 }] };
    expect(readPad(pad, 'play').right).toBe(false); // default 0.4
    expect(readPad(pad, 'play', 0.25)).toMatchObject({ right: true, up: false });
    expect(readPad(pad, 'play', 0.1)).toMatchObject({ right: true, up: true });
  });
});
