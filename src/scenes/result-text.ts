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

/**
 * The result's headline from the player's side: "YOU WIN" / "YOU LOSE" when one person played the
 * CPU, the winner's name when two people or two CPUs played, "DRAW", or "PRACTICE OVER".
 */
export function headline(winner: number | null, sides: readonly { name: string }[], specs: readonly string[]): string {
  if (sides.length < 2) return 'PRACTICE OVER';
  if (winner === null) return 'DRAW';
  const people = specs.map((s, i) => (s === 'human' ? i : -1)).filter((i) => i >= 0);
  if (people.length === 1) return winner === people[0] ? 'YOU WIN' : 'YOU LOSE';
  return `${sides[winner]!.name} WINS`;
}

/** What was played, for the line under the headline: "Maze stages (pillars) · Hard", "The survey drill, variant a". */
export function playedLine(c: { stages?: string; maze?: string; difficulty?: string; drill?: string; drillVariant?: string }): string {
  if (c.stages === 'drill') {
    const name = !c.drill || c.drill === 'survey' ? 'The survey drill' : `Drill ${c.drill}`;
    return `${name}, variant ${c.drillVariant ?? 'a'}`;
  }
  const kind = c.stages === 'maze' ? `Maze stages (${c.maze?.startsWith('gen:') ? 'generated' : (c.maze ?? 'pillars')})` : 'Open stages';
  const diff = c.difficulty ?? 'normal';
  return `${kind} · ${diff[0]!.toUpperCase()}${diff.slice(1)}`;
}
