// The Adaptive difficulty in the game (no Phaser here: unit tests read it). A match under Adaptive
// plays adaptivePresets(state): the CPU side gets the strength's CPU preset, the config the
// strength's stage values. When the match ends the player's result moves the state (afterMatch) and
// the replay records the state before and after (extra.adaptive, src/replay/adaptive-tag.ts). A
// match left before its end does not count.
import { ADAPTIVE_START, adaptivePresets, afterMatch, type AdaptiveState } from '../cpu/presets/adaptive';
import { adaptiveTagJson, strengthPercent, type AdaptiveTag } from '../replay/adaptive-tag';
import { stageConfig, type StageSet } from '../sim/config';
import type { MatchSetup } from './match-setup';
import { t } from '../i18n/i18n';

/** The Difficulty row's value for Adaptive. */
export const ADAPTIVE = 'adaptive';

/** What a finished adaptive match did to the state. */
export interface AdaptiveOutcome {
  before: AdaptiveState;
  after: AdaptiveState;
  /** The player's result: won 1, draw 0.5, lost 0. */
  won: 0 | 0.5 | 1;
}

/** The setup of a Player vs CPU match at the adaptive state `st` (the person is P1). */
export function adaptiveSetup(st: AdaptiveState, where: { seed: number; stages: Exclude<StageSet, 'drill'>; maze?: string }): MatchSetup {
  const { cpu, stage } = adaptivePresets(st);
  const before: AdaptiveState = { strength: st.strength, matches: st.matches, target: st.target };
  return {
    config: {
      seed: where.seed,
      mode: 'versus',
      stages: where.stages,
      ...stageConfig(stage),
      ...(where.stages === 'maze' && where.maze ? { maze: where.maze } : {}),
    },
    p1: 'human',
    p2: `cpu:${cpu.name}`,
    cpuPresets: [cpu],
    adaptive: before,
    extra: { adaptive: adaptiveTagJson({ ...before, result: null, next: null }) },
  };
}

/** The player's (P1's) result of a finished match: winner 0 → 1, a draw → 0.5, winner 1 → 0. */
export function playerResult(winner: number | null): 0 | 0.5 | 1 {
  return winner === null ? 0.5 : winner === 0 ? 1 : 0;
}

/** The outcome of the adaptive match `setup` that ended with `winner` (null: not an adaptive match). */
export function settleAdaptive(setup: MatchSetup, winner: number | null): AdaptiveOutcome | null {
  if (!setup.adaptive) return null;
  const won = playerResult(winner);
  return { before: setup.adaptive, after: afterMatch(setup.adaptive, won), won };
}

/** The setup with its replay tag completed by the outcome (the result and the state after). */
export function withOutcome(setup: MatchSetup, o: AdaptiveOutcome | null): MatchSetup {
  if (!o) return setup;
  const tag: AdaptiveTag = { ...o.before, result: o.won, next: o.after };
  return { ...setup, extra: { ...(setup.extra ?? {}), adaptive: adaptiveTagJson(tag) } };
}

/** "Adaptive 42": what the HUD's CPU name and the pause screen call the opponent. */
export function adaptiveLabel(st: Pick<AdaptiveState, 'strength'>): string {
  return t('result.adaptive.label', { strength: strengthPercent(st.strength) });
}

/** The aim in words, for the title's notes: 0.5 → "about half the time", 0.3 → "about 3 matches in 10". */
export function aimWords(target: number): string {
  return target === 0.5 ? t('title.adaptive.half') : t('title.adaptive.inTen', { n: Math.round(target * 10) });
}

/** The Difficulty row's note on Adaptive: what it does and where it stands now. */
export function adaptiveNote(st: AdaptiveState): string {
  return t('title.adaptive.note', {
    words: aimWords(st.target),
    strength: strengthPercent(st.strength),
    normal: strengthPercent(ADAPTIVE_START),
  });
}

/** The result screen's line: "Adaptive: strength 42 → 47 (you won, so the next match is harder)". */
export function adaptiveResultLine(o: AdaptiveOutcome): string {
  const [a, b] = [strengthPercent(o.before.strength), strengthPercent(o.after.strength)];
  const how = t(o.won === 1 ? 'result.adaptive.won' : o.won === 0 ? 'result.adaptive.lost' : 'result.adaptive.draw');
  const next = t(
    b > a
      ? 'result.adaptive.harder'
      : b < a
        ? 'result.adaptive.easier'
        : b === 100
          ? 'result.adaptive.strongest'
          : b === 0
            ? 'result.adaptive.gentlest'
            : 'result.adaptive.noChange',
  );
  return t('result.adaptive.line', { before: a, after: b, how, next });
}
