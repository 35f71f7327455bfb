// The result screen's line on how a match ended (no Phaser here, so unit tests can read it).
import type { Decider } from '../sim/state';
import { CHARACTERS, NEUTRAL } from '../sim/characters';
import { t, type Key } from '../i18n/i18n';
import { characterTitle } from '../views/character-stats';

export interface HowItEnded {
  winner: number | null;
  reason: 'lives' | 'time';
  decidedBy?: Decider | null;
}

/**
 * Why it ended, in plain words: "Knock-out", or at the time limit (and when both sides went out on
 * one frame) also what decided it, "Time up: more lives left". Lives come before score at the time
 * limit (SIM_VERSION 6); with infinite lives hits taken stand in for them.
 */
export function howItEnded(d: HowItEnded, practice: boolean, infiniteLives: boolean): string {
  if (practice) return t(d.reason === 'time' ? 'result.ended.timeUp' : 'result.ended.outOfLives');
  const both = d.reason === 'lives';
  if (both && d.winner !== null && !d.decidedBy) return t('result.ended.knockOut');
  const head = t(both ? 'result.ended.doubleKnockOut' : 'result.ended.timeUp');
  if (d.winner === null || !d.decidedBy) return t('result.ended.allEqual', { head });
  const why: Record<Decider, Key> = {
    mazes: 'result.ended.moreMazes',
    lives: 'result.ended.moreLives',
    score: both ? 'result.ended.higherScore' : infiniteLives ? 'result.ended.hitsEqualScore' : 'result.ended.livesEqualScore',
    hits: infiniteLives ? 'result.ended.fewerHitsTaken' : both ? 'result.ended.scoreEqualHits' : 'result.ended.livesScoreEqualHits',
  };
  return t('result.ended.why', { head, why: t(why[d.decidedBy]) });
}

/** A side's character under its name on the result screen, "Kurenai 紅" ("紅" in Japanese) in its colour; null for the neutral ship. */
export function characterLine(id: string | undefined): { text: string; color: string } | null {
  const c = id && id !== NEUTRAL ? CHARACTERS.find((x) => x.id === id) : undefined;
  return c ? { text: characterTitle(c), color: c.color } : null;
}

/**
 * The result's headline from the player's side: "YOU WIN" / "YOU LOSE" when one person played the
 * CPU, the winner's name when two people or two CPUs played, "DRAW", or "PRACTICE OVER".
 */
export function headline(winner: number | null, sides: readonly { name: string }[], specs: readonly string[]): string {
  if (sides.length < 2) return t('result.headline.practiceOver');
  if (winner === null) return t('result.headline.draw');
  const people = specs.map((s, i) => (s === 'human' ? i : -1)).filter((i) => i >= 0);
  if (people.length === 1) return t(winner === people[0] ? 'result.headline.youWin' : 'result.headline.youLose');
  return t('result.headline.wins', { name: sides[winner]!.name });
}

/** What was played, for the line under the headline: "Maze stages (pillars) · Hard", "The survey drill, variant a". */
export function playedLine(c: { stages?: string; maze?: string; difficulty?: string; drill?: string; drillVariant?: string }): string {
  if (c.stages === 'drill') {
    const variant = c.drillVariant ?? 'a';
    return !c.drill || c.drill === 'survey'
      ? t('result.played.surveyDrill', { variant })
      : t('result.played.drill', { drill: c.drill, variant });
  }
  const maze = c.maze?.startsWith('gen:') ? t('result.played.generated') : (c.maze ?? 'pillars');
  const kind = c.stages === 'maze' ? t('result.played.maze', { maze }) : t('result.played.open');
  return t('result.played.line', { kind, difficulty: difficultyName(c.difficulty ?? 'normal') });
}

/** A difficulty as menus and the result name it ("Hard"); a name the game does not know, capitalised. */
export function difficultyName(d: string): string {
  return ['easy', 'normal', 'hard', 'lunatic'].includes(d) ? t(`match.difficulty.${d}` as Key) : `${d[0]!.toUpperCase()}${d.slice(1)}`;
}
