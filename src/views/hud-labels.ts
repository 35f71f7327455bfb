// The HUD's words, apart from the HUD itself (which needs Phaser), so the study page's catalogue and
// Node tests can read them.
/** The HUD's words (the game's come from its catalogue, hud.ts hudLabels(); the study page passes its page language's). */
export interface HudLabels {
  time: string;
  level: string;
  mazes: string;
  vs: string;
  /** The hint under the clock ('Esc pause'; hidden in survey mode). */
  hint: string;
  score: string;
  kills: string;
  chain: string;
  /** After '∞' with infinite lives: '∞  hits 3'. */
  hits: string;
  attack: string;
  /** The gauge has a level ready: 'X: ATTACK LV 2'. */
  attackReady: string;
  charge: string;
}

/** The English words, as the catalogue's match.hud has them (the study page's English; no i18n import here). */
export const HUD_LABELS: HudLabels = {
  time: 'TIME',
  level: 'LEVEL',
  mazes: 'MAZES',
  vs: 'VS',
  hint: 'Esc pause',
  score: 'SCORE',
  kills: 'KILLS',
  chain: 'CHAIN',
  hits: 'hits',
  attack: 'ATTACK LV',
  attackReady: 'X: ATTACK LV',
  charge: 'CHARGE LV',
};
