// The result screen's line on how a match ended (no Phaser here, so unit tests can read it).
import type { Decider } from '../sim/state';
import { CHARACTERS, NEUTRAL } from '../sim/characters';

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
  if (practice) return d.reason === 'time' ? 'Time up' : 'Out of lives';
  const both = d.reason === 'lives';
  if (both && d.winner !== null && !d.decidedBy) return 'Knock-out';
  const head = both ? 'Double knock-out' : 'Time up';
  if (d.winner === null || !d.decidedBy) return `${head}: all equal`;
  const lives = infiniteLives ? 'hits' : 'lives';
  const why: Record<Decider, string> = {
    mazes: 'more mazes cleared',
    lives: 'more lives left',
    score: both ? 'higher score' : `${lives} equal, higher score`,
    hits: infiniteLives ? 'fewer hits taken' : `${both ? 'score' : 'lives and score'} equal, fewer hits`,
  };
  return `${head}: ${why[d.decidedBy]}`;
}

/** A side's character under its name on the result screen, "Kurenai 紅" in its colour; null for the neutral ship. */
export function characterLine(id: string | undefined): { text: string; color: string } | null {
  const c = id && id !== NEUTRAL ? CHARACTERS.find((x) => x.id === id) : undefined;
  return c ? { text: `${c.name} ${c.nameJa}`, color: c.color } : null;
}
