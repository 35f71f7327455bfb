// What the title screen (or a test) asks for: the sim config plus who plays each side.
import { createController } from '../controllers/registry';
import { HumanController } from '../input/human-controller';
import { getDodgePreset, type DodgePreset } from '../cpu/presets';
import type { AdaptiveState } from '../cpu/presets/adaptive';
import { CpuController } from '../cpu/cpu-controller';
import type { MatchConfig } from '../sim/config';
import type { Controller } from '../sim/controller';
import type { JsonObject } from '../replay/json';
import { t } from '../i18n/i18n';
import { cpuPresetLabel } from '../i18n/preset-words';

export interface MatchSetup {
  config: Partial<MatchConfig> & { seed: number };
  /** Controller specs: 'human' for the keyboard/gamepad, or any registry spec. */
  p1: string;
  p2: string;
  /** Seconds of countdown before the first frame (Record for a study). */
  countdown?: number;
  /** Stored in the replay's `extra` (Record for a study tags its replay: extra.study; Adaptive: extra.adaptive). */
  extra?: JsonObject;
  /** CPU presets a `cpu:NAME` side of this match finds before the registry's (Adaptive's strength preset). */
  cpuPresets?: DodgePreset[];
  /** An Adaptive match (src/scenes/adaptive-match.ts): the state it is played at; its end moves the state. */
  adaptive?: AdaptiveState;
  /**
   * The scene that takes over when the match ends, instead of the result screen (Story mode's own
   * screens): it is started with `{ screen: 'after', result: ResultData }`.
   */
  resultScene?: string;
  /**
   * Attract mode: a CPU-vs-CPU demo the title plays when left idle. Not saved as a replay; any key,
   * click or pad button (and its end) goes back to the title.
   */
  demo?: boolean;
}

/** Both sides played by people on one machine (Player vs Player). */
export function isPvp(setup: Pick<MatchSetup, 'p1' | 'p2' | 'config'>): boolean {
  return setup.p1 === 'human' && setup.p2 === 'human' && setup.config.mode !== 'practice';
}

/** `readHuman(side)` reads the person playing that side (in Player vs Player each has their own keys). */
export function makeControllers(setup: MatchSetup, sides: number, readHuman: (side: number) => number): Controller[] {
  const own = (spec: string) => setup.cpuPresets?.find((p) => spec === `cpu:${p.name}`);
  const make = (spec: string, side: number): Controller => {
    if (spec === 'human') return new HumanController(() => readHuman(side));
    const preset = own(spec);
    return preset ? new CpuController(preset) : createController(spec);
  };
  const list = [make(setup.p1, 0)];
  if (sides > 1) list.push(make(setup.p2, 1));
  return list;
}

export function sideName(spec: string, index: number, setup: MatchSetup): string {
  const person = isPvp(setup) ? t('match.side.player', { n: index + 1 }) : t('match.side.you');
  const who =
    spec === 'human'
      ? person
      : spec === 'scripted'
        ? t('match.side.scripted')
        : setup.adaptive && spec.startsWith('cpu:')
          ? t('match.side.cpu', { label: t('result.adaptive.label', { strength: Math.round(setup.adaptive.strength * 100) }) })
          : spec.startsWith('cpu:')
            ? t('match.side.cpu', { label: cpuLabel(spec.slice(4)) })
            : spec;
  return setup.config.mode === 'practice' ? who : t('match.side.slot', { n: index + 1, who });
}

function cpuLabel(name: string): string {
  try {
    return cpuPresetLabel(getDodgePreset(name));
  } catch {
    return name;
  }
}

/** A fresh seed for a new match (the seed is recorded, so the match stays reproducible). */
export function freshSeed(): number {
  const a = new Uint32Array(1);
  crypto.getRandomValues(a);
  return a[0]!;
}
