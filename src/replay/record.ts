// Turning a played match (a MatchRunner) into a Replay.
import { SIM_VERSION } from '../sim/config';
import { hashState } from '../sim/hash';
import type { MatchRunner } from '../sim/runner';
import type { Replay, ReplaySide } from './format';
import { checkJson, type JsonObject, type JsonValue } from './json';
import { GAME_VERSION } from './version';

export interface RecordMeta {
  /** When the match was played, ISO 8601 (e.g. from the caller's clock via toISOString). */
  date: string;
  /** Display names per side; default 'Player N' for a person, the controller spec for a CPU. */
  names?: readonly (string | undefined)[];
  /**
   * Preset values per side (any JSON). Default: the controller's own `preset` property when it
   * has one (CpuController does), else null.
   */
  presets?: readonly (JsonValue | undefined)[];
  /** Default GAME_VERSION. */
  gameVersion?: string;
  extra?: JsonObject;
}

/** The controller's `preset` field as plain JSON (a JSON round trip), or null. */
function presetOf(c: object): JsonValue {
  const p = (c as { preset?: unknown }).preset;
  if (p === undefined || p === null || typeof p !== 'object') return null;
  try {
    const v: unknown = JSON.parse(JSON.stringify(p));
    checkJson(v, 'preset');
    return v;
  } catch {
    return null;
  }
}

/**
 * The replay of what `runner` has played so far (a finished match, or a partial one when the
 * player quit). Copies everything; the runner may go on.
 */
export function replayFromRunner(runner: MatchRunner, meta: RecordMeta): Replay {
  const s = runner.state;
  const sides = runner.controllers.map((c, i): ReplaySide => {
    const preset = meta.presets?.[i];
    if (preset !== undefined) checkJson(preset, `presets[${i}]`);
    return {
      controller: c.spec,
      human: c.human,
      name: meta.names?.[i] ?? (c.human ? `Player ${i + 1}` : c.spec),
      preset: preset !== undefined ? preset : presetOf(c),
    };
  });
  return {
    simVersion: SIM_VERSION,
    gameVersion: meta.gameVersion ?? GAME_VERSION,
    date: meta.date,
    config: { ...s.config },
    sides,
    frames: s.frame,
    result: s.result ? { winner: s.result.winner, reason: s.result.reason } : null,
    inputs: sides.map((_, i) => runner.inputs(i).slice()),
    checksums: runner.checksums.map((c) => ({ ...c })),
    finalHash: hashState(s),
    extra: meta.extra ?? {},
  };
}
