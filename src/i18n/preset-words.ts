// What the player's screens call a preset: the built-in ones by the catalogue (in the player's
// language), a person's own by the label they gave it. The presets' own descriptions are written for
// the tools (reaction times, search depths) and are shown only there.
import { t, type Key } from './i18n';
import { EN } from './en';

type Named = { name: string; label: string };

function has(table: object, name: string): boolean {
  return Object.hasOwn(table, name);
}

/** The CPU preset's name for a player: "Normal" / "ノーマル" for a built-in, the person's label otherwise. */
export function cpuPresetLabel(p: Named): string {
  return has(EN.common.cpuPresets, p.name) ? t(`common.cpuPresets.${p.name}.label` as Key) : p.label;
}

/** A built-in difficulty CPU in a player's words (lower-case clause), or null for any other preset. */
export function cpuPresetNote(name: string): string | null {
  const entry = (EN.common.cpuPresets as Record<string, { note?: string }>)[name];
  return entry?.note ? t(`common.cpuPresets.${name}.note` as Key) : null;
}

/** The stage preset's name for a player. */
export function stagePresetLabel(p: Named): string {
  return has(EN.common.stagePresets, p.name) ? t(`common.stagePresets.${p.name}` as Key) : p.label;
}

/** The difficulty pair's name for a player. */
export function pairLabel(p: Named): string {
  return has(EN.common.pairs, p.name) ? t(`common.pairs.${p.name}` as Key) : p.label;
}
