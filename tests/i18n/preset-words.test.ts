import { afterEach, describe, expect, it } from 'vitest';
import { getDodgePreset } from '../../src/cpu/presets';
import { getCharacter } from '../../src/sim/characters';
import { getStagePreset } from '../../src/sim/stage-preset';
import { characterDescription, characterName } from '../../src/i18n/character-words';
import { setLanguage } from '../../src/i18n/i18n';
import { cpuPresetLabel, cpuPresetNote, pairLabel, stagePresetLabel } from '../../src/i18n/preset-words';

afterEach(async () => {
  await setLanguage('en');
});

describe("a player's words for presets and characters", () => {
  it('name the built-in presets from the catalogue and a person’s own by their label', async () => {
    expect(cpuPresetLabel(getDodgePreset('normal'))).toBe('Normal');
    expect(stagePresetLabel(getStagePreset('lunatic'))).toBe('Lunatic');
    expect(pairLabel({ name: 'hard', label: 'Hard' })).toBe('Hard');
    expect(cpuPresetLabel({ name: 'my-cpu', label: 'Calm CPU' })).toBe('Calm CPU');
    await setLanguage('ja');
    expect(cpuPresetLabel(getDodgePreset('normal'))).toBe('ノーマル');
    expect(stagePresetLabel(getStagePreset('lunatic'))).toBe('ルナティック');
    expect(cpuPresetLabel({ name: 'my-cpu', label: 'Calm CPU' })).toBe('Calm CPU');
  });

  it("describe only the four difficulties in a player's words (the research presets have none)", () => {
    expect(cpuPresetNote('easy')).toMatch(/^slow to notice bullets/);
    expect(cpuPresetNote('imap')).toBeNull();
    expect(cpuPresetNote('nobody')).toBeNull();
  });

  it("give a character's name and play style in the player's language", async () => {
    const c = getCharacter('asagi');
    expect([characterName(c), characterDescription(c)]).toEqual([c.name, c.description]);
    await setLanguage('ja');
    expect([characterName(c), characterDescription(c)]).toEqual([c.nameJa, c.descriptionJa]);
  });
});
