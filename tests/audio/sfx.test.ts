import { describe, expect, it } from 'vitest';
import { MIN_GAP_MS, SFX_NAMES, sfxKey } from '../../src/audio/sfx-names';
import { MUTE_KEY, Sfx, type Remember, type SoundOut } from '../../src/audio/sfx';

function fakeOut(): SoundOut & { played: { key: string; pan?: number }[] } {
  const played: { key: string; pan?: number }[] = [];
  return {
    mute: false,
    locked: false,
    played,
    play(key, extra) {
      played.push({ key, pan: extra?.pan });
      return true;
    },
  };
}

function memory(init: Record<string, string> = {}): Remember & { data: Record<string, string> } {
  const data = { ...init };
  return {
    data,
    getItem: (k) => data[k] ?? null,
    setItem: (k, v) => {
      data[k] = v;
    },
  };
}

describe('Sfx (sound effects through Phaser sound manager)', () => {
  it('plays a sound by its loaded key, panned and clamped to −1…1', () => {
    let t = 0;
    const s = new Sfx(memory(), () => t);
    const out = fakeOut();
    s.attach(out);
    expect(s.play('kill', -0.4)).toBe(true);
    t += 1000;
    expect(s.play('hit', 7)).toBe(true);
    expect(out.played).toEqual([
      { key: 'sfx-kill', pan: -0.4 },
      { key: 'sfx-hit', pan: 1 },
    ]);
  });

  it('rate-limits a name to its minimum gap, other names unaffected', () => {
    let t = 0;
    const s = new Sfx(memory(), () => t);
    const out = fakeOut();
    s.attach(out);
    const gap = MIN_GAP_MS.shot!;
    expect(s.play('shot')).toBe(true);
    t = gap - 1;
    expect(s.play('shot')).toBe(false);
    expect(s.play('hit')).toBe(true);
    t = gap;
    expect(s.play('shot')).toBe(true);
    expect(out.played.map((p) => p.key)).toEqual(['sfx-shot', 'sfx-hit', 'sfx-shot']);
  });

  it('is silent before the sounds are attached and while audio is locked', () => {
    const s = new Sfx(memory(), () => 0);
    expect(s.play('select')).toBe(false);
    const out = fakeOut();
    out.locked = true;
    s.attach(out);
    expect(s.play('select')).toBe(false);
    expect(out.played).toEqual([]);
  });

  it('remembers the mute switch and applies it to the sound manager', () => {
    const store = memory();
    const s = new Sfx(store, () => 0);
    const out = fakeOut();
    s.attach(out);
    expect(s.toggleMute()).toBe(true);
    expect(out.mute).toBe(true);
    expect(store.data[MUTE_KEY]).toBe('1');
    expect(s.play('move')).toBe(false);
    // A later visit starts muted, and the manager it attaches to is muted.
    const again = new Sfx(store, () => 0);
    const out2 = fakeOut();
    again.attach(out2);
    expect(again.muted).toBe(true);
    expect(out2.mute).toBe(true);
    expect(again.toggleMute()).toBe(false);
    expect(store.data[MUTE_KEY]).toBe('0');
    expect(again.play('move')).toBe(true);
  });

  it('works without storage (blocked or absent): muting lasts for the visit', () => {
    const broken: Remember = {
      getItem: () => {
        throw new Error('blocked');
      },
      setItem: () => {
        throw new Error('blocked');
      },
    };
    const s = new Sfx(broken, () => 0);
    expect(s.muted).toBe(false);
    expect(s.toggleMute()).toBe(true);
    expect(new Sfx(null, () => 0).muted).toBe(false);
  });

  it('names one file key per sound', () => {
    expect(new Set(SFX_NAMES.map(sfxKey)).size).toBe(SFX_NAMES.length);
  });
});
