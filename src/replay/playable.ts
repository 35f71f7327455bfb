// Which replays this build can re-simulate, and the one refusal every tool and scene gives for the
// others: a replay's inputs only replay the match under the rules (SIM_VERSION) that recorded it.
import { SIM_VERSION } from '../sim/config';
import { ReplayError } from './errors';
import { decodeReplay, readForeignHeader, type ForeignHeader, type Replay } from './format';

/** The refusal of a replay recorded by sim version `sim` (another than this build's). */
export function otherSimVersion(sim: number, where: string | null = null): ReplayError {
  return new ReplayError(
    `recorded by sim version ${sim}; this build is sim version ${SIM_VERSION}, whose rules differ, so it cannot ` +
      `re-simulate it ('replay info' reads what it can)`,
    where,
  );
}

/** Throws ReplayError when this build cannot re-simulate the replay at all (another sim version). */
export function checkPlayable(r: Replay): void {
  if (r.simVersion !== SIM_VERSION) throw otherSimVersion(r.simVersion);
}

/**
 * Decodes a replay; one of another sim version that this build does not decode (its header has a
 * field this build does not know) comes back as what can be read of its header. Any other problem
 * is a ReplayError starting with `where` (a file name or a bundle entry).
 */
export function decodeOrForeign(bytes: Uint8Array, where: string): Replay | ForeignHeader {
  try {
    return decodeReplay(bytes);
  } catch (e) {
    if (!(e instanceof ReplayError)) throw e;
    let foreign: ForeignHeader | null = null;
    try {
      foreign = readForeignHeader(bytes);
    } catch {
      // Not readable in any version: decodeReplay's error stands.
    }
    if (foreign) return foreign;
    throw new ReplayError(e.message, where);
  }
}

/**
 * Decodes a replay this build can re-simulate. One of another sim version is refused with both
 * versions named, also when its header has a field this build does not know (which would otherwise
 * read as a broken file).
 */
export function decodePlayable(bytes: Uint8Array, where: string): Replay {
  const r = decodeOrForeign(bytes, where);
  if (!('inputs' in r) || r.simVersion !== SIM_VERSION) throw otherSimVersion(r.simVersion, where);
  return r;
}
