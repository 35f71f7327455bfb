// The options of the tools that play CPU-vs-CPU matches headless (decision-hashes, match-speed):
// frame cap, both controllers, stage set and stage preset, with one check of the stage set.
import type { MatchConfig } from '../src/sim';
import { type OptionSpec, UsageError } from '../src/cli/common';

export const MATCH_OPTIONS = [
  { name: 'frames', kind: 'int', help: 'frame cap per match (60 = 1 s)', default: 3600, min: 1, max: 864000 },
  { name: 'p1', kind: 'string', help: 'controller of side 1', default: 'cpu:hard' },
  { name: 'p2', kind: 'string', help: 'controller of side 2', default: 'cpu:hard' },
  { name: 'stages', kind: 'string', help: 'open | maze', default: 'open' },
  { name: 'difficulty', kind: 'string', help: 'stage preset', default: 'normal' },
] as const satisfies readonly OptionSpec[];

/** One match's setup from those options (all but the seed). */
export interface MatchSetup {
  frames: number;
  p1: string;
  p2: string;
  stages: MatchConfig['stages'];
  difficulty: string;
}

/** The setup the options give; a stage set other than open or maze is refused (exit 2). */
export function matchSetup(opts: { frames: number; p1: string; p2: string; stages: string; difficulty: string }): MatchSetup {
  if (opts.stages !== 'open' && opts.stages !== 'maze') throw new UsageError(`--stages must be open or maze, got ${opts.stages}`);
  return { frames: opts.frames, p1: opts.p1, p2: opts.p2, stages: opts.stages, difficulty: opts.difficulty };
}
