// Runs a match headless and prints the result and the final state hash.
import { existsSync, statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { createController, controllerKinds } from '../controllers/registry';
import { encodeReplay, replayFromRunner } from '../replay';
import { MAX_FRAMES } from '../replay/format';
import { writeFileAtomic } from './replay-files'; // also registers the replay:FILE controller
import { createMatch, DIFFICULTIES, hashState, MatchRunner, MODES, type MatchConfig } from '../sim';
import { defineTool, type OptsOf, runIfEntry, UsageError, type ToolSpec } from './common';
import { MAZE_NAMES } from '../maze/catalog';
import { MAX_TIME_LIMIT, stageConfig } from '../sim/config';
import { DEFAULT_DRILL, DEFAULT_DRILL_VARIANT, DRILL_NAMES } from '../sim/drill';
import { loadStagePreset } from './preset-files'; // also lets cpu:FILE.json name a preset file

const spec = {
  name: 'match',
  usage: 'npm run -s match -- --seed N --frames F --p1 <controller> --p2 <controller> [--json]',
  summary:
    `Runs a match in Node and prints the result and the final state hash. Same arguments, same hash.\ncontrollers: ` +
    `${controllerKinds().join('; ')}`,
  options: [
    { name: 'seed', kind: 'int', help: 'match seed (0..4294967295)', default: 1 },
    { name: 'frames', kind: 'int', help: 'stop after this many frames (default: until the match ends, at most 864000 = 4 hours)' },
    { name: 'p1', kind: 'string', help: 'controller of side 1', default: 'scripted' },
    // No default here, so practice can tell a --p2 it would ignore (versus uses DEFAULT_P2).
    { name: 'p2', kind: 'string', help: 'controller of side 2 (versus only; default scripted)' },
    // No default here, so a drill can tell a --mode versus it cannot play (a drill's mode is practice).
    { name: 'mode', kind: 'string', help: `${MODES.join(' | ')} (default versus; practice with --stages drill)` },
    {
      name: 'difficulty',
      kind: 'string',
      help:
        `stage preset: ${DIFFICULTIES.join(' | ')} or a stage preset file (.json); with --stages drill only its lives and ` +
        'time limit apply (a drill fires its own fixed bullets)',
      default: 'normal',
    },
    { name: 'stages', kind: 'string', help: 'open | maze | drill (a drill is single-field: practice mode)', default: 'open' },
    {
      name: 'drill',
      kind: 'string',
      help:
        `drill stages: the drill and variant, NAME or NAME/VARIANT (${DRILL_NAMES.join(', ')}; default ` +
        `${DEFAULT_DRILL}/${DEFAULT_DRILL_VARIANT})`,
    },
    {
      name: 'maze',
      kind: 'string',
      help: `maze stages: first maze of the rotation, ${MAZE_NAMES.join(' | ')} | gen:SEED (default ${MAZE_NAMES[0]})`,
    },
    { name: 'lives', kind: 'int', help: "lives per side (default: the stage preset's, 5 for the built-ins)" },
    {
      name: 'time-limit',
      kind: 'int',
      help: `time limit in frames, 0 = none, at most ${MAX_TIME_LIMIT} = 4 hours (default: the stage preset's, 10800 for the built-ins)`,
      min: 0,
      max: MAX_TIME_LIMIT,
    },
    { name: 'record', kind: 'string', help: 'write the replay of the match to this file (replaced atomically)' },
  ],
} as const satisfies ToolSpec;

/** Fails before the match is played when --record names a place no file can be written. */
function checkWritableTarget(path: string): void {
  if (path === '') throw new UsageError('--record needs a file name');
  let st: ReturnType<typeof statSync>;
  try {
    st = statSync(dirname(resolve(path)));
  } catch {
    throw new UsageError(`--record ${path}: the directory ${dirname(resolve(path))} does not exist`);
  }
  if (!st.isDirectory()) throw new UsageError(`--record ${path}: ${dirname(resolve(path))} is not a directory`);
  if (existsSync(path) && statSync(path).isDirectory()) throw new UsageError(`--record ${path}: is a directory`);
}

export function matchConfigFromArgs(o: OptsOf<typeof spec.options>): Partial<MatchConfig> & { seed: number } {
  // The stage preset's full values go into the config (a replay needs no preset file).
  const stage = stageConfig(loadStagePreset(o.difficulty));
  return {
    seed: o.seed,
    // A drill has one field: its mode is practice unless given (makeConfig refuses another).
    mode: (o.mode ?? (o.stages === 'drill' ? 'practice' : 'versus')) as MatchConfig['mode'],
    drill: o.drill?.split('/')[0],
    drillVariant: o.drill?.split('/')[1],
    ...stage,
    stages: o.stages as MatchConfig['stages'], // makeConfig refuses a value that is not one
    maze: o.maze,
    lives: o.lives ?? stage.lives,
    timeLimit: o['time-limit'] ?? stage.timeLimit,
  };
}

const DEFAULT_P2 = 'scripted';

export const main = defineTool(spec, ({ opts }, json, io) => {
  // An option that would do nothing is refused rather than ignored.
  if (opts.maze !== undefined && opts.stages !== 'maze')
    throw new UsageError(`--maze ${String(opts.maze)}: only maze stages use a maze (add --stages maze)`);
  if (opts.drill !== undefined && opts.stages !== 'drill')
    throw new UsageError(`--drill ${String(opts.drill)}: only drill stages play a drill (add --stages drill)`);
  if (opts.stages === 'drill' && opts.mode === 'versus')
    throw new UsageError('--mode versus: a drill is single-field, so it is played in practice mode (leave --mode out)');
  const state = createMatch(matchConfigFromArgs(opts));
  const p2 = opts.p2;
  // Practice has one field: a --p2 would be silently ignored, so it is refused.
  if (state.sides.length < 2 && p2 !== undefined)
    throw new UsageError(`--p2 ${p2}: practice mode has one side and no opponent; leave --p2 out`);
  const controllers = [createController(opts.p1)];
  if (state.sides.length > 1) controllers.push(createController(p2 ?? DEFAULT_P2));
  const record = opts.record;
  if (record !== undefined) checkWritableTarget(record);
  const frames = opts.frames;
  if (frames !== undefined && frames < 0) throw new UsageError(`--frames must be ≥ 0, got ${frames}`);
  if (frames !== undefined && frames > MAX_FRAMES)
    throw new UsageError(`--frames ${frames} is above the limit of ${MAX_FRAMES} (4 hours, the longest replay)`);
  const runner = new MatchRunner(state, controllers);
  // A match with no time limit may never end: it stops at the longest replay's length.
  runner.runUntil(frames ?? MAX_FRAMES);
  if (record !== undefined) writeFileAtomic(record, encodeReplay(replayFromRunner(runner, { date: new Date().toISOString() })));
  const result = state.result;
  const out = {
    winner: result ? result.winner : null,
    finished: result !== null,
    reason: result?.reason ?? null,
    frames: state.frame,
    hash: hashState(state),
    seed: state.config.seed,
    p1: controllers[0]!.spec,
    p2: controllers[1]?.spec ?? null,
    sides: state.sides.map((s) => ({
      score: s.score,
      lives: s.ship.lives,
      hits: s.hits,
      kills: s.kills,
      grazes: s.grazes,
      best_chain: s.bestChain,
      attacks_sent: s.attacksSent,
      mazes_cleared: s.mazesCleared,
    })),
  };
  if (!json) {
    const w = !result
      ? 'not finished'
      : result.winner === null
        ? `draw (${result.reason})`
        : `side ${result.winner + 1} wins (${result.reason})`;
    io.log(
      `seed ${out.seed}: ${out.p1}${out.p2 ? ` vs ${out.p2}` : ''} — ${w} after ${out.frames} frames (${(out.frames / 60).toFixed(1)} s)`,
    );
    out.sides.forEach((s, i) =>
      io.log(
        `  side ${i + 1}: score ${s.score}, lives ${s.lives}, hits ${s.hits}, kills ${s.kills}, grazes ${s.grazes}, best chain ` +
          `${s.best_chain}, attacks sent ${s.attacks_sent}`,
      ),
    );
    io.log(`  hash ${out.hash}`);
  }
  return out;
});

await runIfEntry(import.meta.url, main);
