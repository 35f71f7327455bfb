// The Story mode's high-score tables in the browser: IndexedDB database 'twinfield-scores', the
// best TABLE_SIZE runs per (difficulty, character). Every write is one transaction, so a failed add
// changes nothing; rows that do not read as an entry (hand-edited, an older shape) are skipped and
// counted, never fatal. The rules for the player's name are in ./score-name.ts.
//
// Store (version 1): entries — key id (auto-increment, so a lower id is an earlier entry: the tie
// rule), index 'table' on [difficulty, character].
// Versions: 1 = the first schema. A later version adds one `if (oldVersion < N)` step to `upgrade`
// that changes rows in place (a cursor over `entries`, as the replay library's upgradeTo2/3 do) and
// deletes none, so a database of any age opens with every row.
import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import { DIFFICULTIES } from '../sim/config';
import { cleanScoreName } from './score-name';
import { LibraryError } from './storage-error';

export { cleanScoreName, DEFAULT_SCORE_NAME, MAX_SCORE_NAME } from './score-name';

export const SCORES_DB_NAME = 'twinfield-scores';
export const SCORES_DB_VERSION = 1;
/** Entries kept per (difficulty, character). */
export const TABLE_SIZE = 10;

/** One stored run. */
export interface HighScoreRow {
  /** Given by the database; increases with every entry. */
  id: number;
  /** A difficulty id ('easy' … 'lunatic', or a custom stage preset's name). */
  difficulty: string;
  /** A character id ('asagi', …). */
  character: string;
  /** As cleaned by cleanScoreName. */
  name: string;
  score: number;
  /** The story stage reached, 1-based. */
  stage: number;
  /** True when the run saw the ending. */
  cleared: boolean;
  continues: number;
  /** Ids in the replay library of the run's saved stages (may be empty; a replay may since be deleted). */
  replayIds: string[];
  /** When the run ended (ISO 8601). */
  date: string;
}

/** A row of a table with its place (1 = best). */
export type RankedScore = HighScoreRow & { rank: number };

/** What `add` takes: a run's result. `name` is cleaned here (empty → 'PLAYER'); `date` defaults to now. */
export type NewScore = Omit<HighScoreRow, 'id' | 'date' | 'replayIds'> & { replayIds?: readonly string[]; date?: string };

export interface TableKey {
  difficulty: string;
  character: string;
}

/** A high-score failure: a LibraryError (so `describeError` and the quota flag work the same). */
export class HighScoreError extends LibraryError {
  constructor(message: string, quota = false, cause?: unknown) {
    super(message, quota, cause);
    this.name = 'HighScoreError';
  }
}

export const SCORES_VERSION_CHANGE_MESSAGE =
  'The high scores were upgraded by a newer version of Twinfield open in another tab. Nothing is lost; reload this page to ' +
  'see and save high scores.';
export const SCORES_BLOCKED_MESSAGE =
  'The high scores are being upgraded, but another tab with an older version of Twinfield is open. Close or reload that tab; ' +
  'the high scores open as soon as it does.';

interface ScoresSchema extends DBSchema {
  entries: { key: number; value: HighScoreRow; indexes: { table: [string, string] } };
}

const ID = /^[a-z][a-z0-9-]*$/;
const MAX_ID = 40;
/** Bad rows described in `problems` at most (the count covers them all). */
const MAX_PROBLEMS = 5;

function idProblem(what: string, v: unknown): string | null {
  if (typeof v !== 'string' || v.length > MAX_ID || !ID.test(v)) return `${what} is not an id (lower-case letters, digits and dashes)`;
  return null;
}

const count = (v: unknown) => typeof v === 'number' && Number.isSafeInteger(v) && v >= 0;

/** Why a stored value is not a HighScoreRow (null when it is one). */
export function rowProblem(r: unknown): string | null {
  if (!r || typeof r !== 'object' || Array.isArray(r)) return 'not an object';
  const o = r as Record<string, unknown>;
  if (!(typeof o.id === 'number' && Number.isSafeInteger(o.id) && o.id > 0)) return 'id is not a whole number above 0';
  const idp = idProblem('difficulty', o.difficulty) ?? idProblem('character', o.character);
  if (idp) return idp;
  if (typeof o.name !== 'string' || cleanScoreName(o.name) !== o.name) return 'name does not follow the name rules';
  if (!count(o.score)) return 'score is not a whole number ≥ 0';
  if (!(count(o.stage) && (o.stage as number) >= 1)) return 'stage is not a whole number ≥ 1';
  if (typeof o.cleared !== 'boolean') return 'cleared is not true or false';
  if (!count(o.continues)) return 'continues is not a whole number ≥ 0';
  if (!Array.isArray(o.replayIds) || !o.replayIds.every((x) => typeof x === 'string' && x !== ''))
    return 'replayIds is not a list of replay ids';
  if (typeof o.date !== 'string' || Number.isNaN(Date.parse(o.date))) return 'date is not a date';
  return null;
}

/** Best first; equal scores: the earlier entry (lower id) first. */
function byRank(a: HighScoreRow, b: HighScoreRow): number {
  return b.score - a.score || a.id - b.id;
}

/** The place a new score would take among `rows` (it ranks after every equal score), or null off the table. */
function rankAmong(rows: readonly HighScoreRow[], score: number): number | null {
  const rank = 1 + rows.filter((r) => r.score >= score).length;
  return rank <= TABLE_SIZE ? rank : null;
}

function tableName(t: TableKey): string {
  return `the ${t.difficulty} / ${t.character} high-score table`;
}

function errName(e: unknown): string {
  const n = (x: unknown) => (x && typeof x === 'object' && 'name' in x && typeof x.name === 'string' ? x.name : '');
  return n(e) || n(e && typeof e === 'object' && 'error' in e ? e.error : null);
}

function errMessage(e: unknown): string {
  if (e instanceof Error) return e.message;
  if (e && typeof e === 'object' && 'message' in e) return String(e.message);
  return String(e);
}

/** A HighScoreError saying what failed (`action`: "save the score to the normal / asagi high-score table"). */
export function scoreError(e: unknown, action: string): HighScoreError {
  if (e instanceof HighScoreError) return e;
  const name = errName(e);
  if (name === 'QuotaExceededError' || /quota/i.test(errMessage(e)))
    return new HighScoreError(
      `Could not ${action}: the browser's storage for this page is full (quota exceeded). The table is unchanged. ` +
        'Delete replays or clips you no longer need (Replays screen), then try again.',
      true,
      e,
    );
  if (name === 'VersionError')
    // This page is older than the build that last opened the database (another tab, or a reload to a cached copy).
    return new HighScoreError(
      `Could not ${action}: the high scores were upgraded by a newer version of Twinfield (in another tab?). Nothing is lost; ` +
        'reload this page to get the newer version.',
      false,
      e,
    );
  if (name === 'InvalidStateError' || name === 'UnknownError')
    return new HighScoreError(
      `Could not ${action}: the browser's storage is not available (${name}: ${errMessage(e)}). Private windows and some ` +
        'settings block it.',
      false,
      e,
    );
  return new HighScoreError(`Could not ${action}: ${name ? `${name}: ` : ''}${errMessage(e)}`, false, e);
}

/** Ends a failed read-write transaction without keeping what it wrote; its `done` then rejects (expected). */
function rollBack(tx: { abort(): void; done: Promise<void> }): void {
  tx.done.catch(() => {});
  try {
    tx.abort();
  } catch {
    // Already aborted by the browser (a failed request) or finished.
  }
}

/** Checks a new entry and gives the row to store (without its id). Throws HighScoreError naming the field. */
function newRow(e: NewScore, now: () => Date): Omit<HighScoreRow, 'id'> {
  const where = 'Could not save the score';
  for (const p of [idProblem('the difficulty', e.difficulty), idProblem('the character', e.character)])
    if (p) throw new HighScoreError(`${where}: ${p}.`);
  const bad = (msg: string) => new HighScoreError(`${where} to ${tableName(e)}: ${msg}.`);
  const name = cleanScoreName(e.name);
  if (typeof name !== 'string') throw bad(`the name is refused (${name.error})`);
  if (!count(e.score)) throw bad(`the score ${e.score} is not a whole number ≥ 0`);
  if (!(count(e.stage) && e.stage >= 1)) throw bad(`the stage ${e.stage} is not a whole number ≥ 1`);
  if (typeof e.cleared !== 'boolean') throw bad('cleared is not true or false');
  if (!count(e.continues)) throw bad(`continues ${e.continues} is not a whole number ≥ 0`);
  const replayIds = [...(e.replayIds ?? [])];
  if (!replayIds.every((x) => typeof x === 'string' && x !== '')) throw bad('a replay id is empty');
  const date = e.date ?? now().toISOString();
  if (Number.isNaN(Date.parse(date))) throw bad(`the date '${date}' is not a date`);
  return {
    difficulty: e.difficulty,
    character: e.character,
    name,
    score: e.score,
    stage: e.stage,
    cleared: e.cleared,
    continues: e.continues,
    replayIds,
    date,
  };
}

export interface HighScoreOptions {
  /** Database name (tests use their own). */
  name?: string;
  /** A newer version opened in another tab: this connection has closed itself so as not to block it. */
  onVersionChange?: (message: string) => void;
  /** Opening waits: another tab holds an older version open. */
  onBlocked?: (message: string) => void;
  /** The clock for entries without a date (tests). */
  now?: () => Date;
}

/** Opens (creating or upgrading) the high-score database. Throws HighScoreError. */
export async function openHighScores(opts: HighScoreOptions = {}): Promise<HighScores> {
  let hs: HighScores | null = null;
  let db: IDBPDatabase<ScoresSchema>;
  try {
    db = await openDB<ScoresSchema>(opts.name ?? SCORES_DB_NAME, SCORES_DB_VERSION, {
      upgrade(db, oldVersion) {
        // One step per version, oldest first; a failed step aborts the whole upgrade (the old data stays).
        if (oldVersion < 1) {
          const s = db.createObjectStore('entries', { keyPath: 'id', autoIncrement: true });
          s.createIndex('table', ['difficulty', 'character']);
        }
      },
      blocked() {
        opts.onBlocked?.(SCORES_BLOCKED_MESSAGE);
      },
      blocking() {
        // Another tab opens a newer version: let it, and say why this page's high scores stopped.
        hs?.markClosed();
        db.close();
        opts.onVersionChange?.(SCORES_VERSION_CHANGE_MESSAGE);
      },
    });
  } catch (e) {
    throw scoreError(e, 'open the high scores');
  }
  hs = new HighScores(db, opts.now ?? (() => new Date()));
  try {
    await hs.tables();
  } catch (e) {
    hs.close();
    throw e;
  }
  return hs;
}

export class HighScores {
  private closed = false;
  /** Stored rows that are not entries (left in place, never shown or ranked), as of the last full read. */
  skipped = 0;
  /** Why, for the first few of them ("entry 7: score is not a whole number ≥ 0"). */
  problems: string[] = [];

  constructor(
    private readonly db: IDBPDatabase<ScoresSchema>,
    private readonly now: () => Date,
  ) {}

  /** @internal The database was closed for another tab's upgrade. */
  markClosed(): void {
    this.closed = true;
  }

  close(): void {
    this.closed = true;
    this.db.close();
  }

  private guard(): void {
    if (this.closed) throw new HighScoreError(SCORES_VERSION_CHANGE_MESSAGE);
  }

  /** Valid rows of a table in no order; bad ones dropped. */
  private static valid(rows: readonly unknown[]): HighScoreRow[] {
    return rows.filter((r) => rowProblem(r) === null) as HighScoreRow[];
  }

  /** The table's rows, best first (at most TABLE_SIZE), each with its rank. */
  async table(difficulty: string, character: string): Promise<RankedScore[]> {
    const t = { difficulty, character };
    this.guard();
    let rows: unknown[];
    try {
      rows = await this.db.getAllFromIndex('entries', 'table', [difficulty, character]);
    } catch (e) {
      throw scoreError(e, `read ${tableName(t)}`);
    }
    return HighScores.valid(rows)
      .sort(byRank)
      .slice(0, TABLE_SIZE)
      .map((r, i) => ({ ...r, rank: i + 1 }));
  }

  /** The rank (1–TABLE_SIZE) `score` would take in the table, or null when it would not make it. */
  async qualifies(difficulty: string, character: string, score: number): Promise<number | null> {
    if (!count(score)) throw new HighScoreError(`Could not rank the score ${score}: it is not a whole number ≥ 0.`);
    return rankAmong(await this.table(difficulty, character), score);
  }

  /**
   * Stores a run if it makes its table, in one transaction: the row that falls to place
   * TABLE_SIZE + 1 is deleted, nothing else. Returns the rank, or null (nothing written).
   * A failed write leaves the table as it was.
   */
  async add(entry: NewScore): Promise<number | null> {
    const row = newRow(entry, this.now);
    const action = `save the score to ${tableName(row)}`;
    this.guard();
    let undo: (() => void) | null = null;
    try {
      const tx = this.db.transaction('entries', 'readwrite');
      undo = () => rollBack(tx);
      const rows = HighScores.valid(await tx.store.index('table').getAll([row.difficulty, row.character])).sort(byRank);
      const rank = rankAmong(rows, row.score);
      if (rank === null) {
        await tx.done;
        return null;
      }
      // The key generator fills in `id`.
      await tx.store.add(row as HighScoreRow);
      // Rows already below the table (a hand-edited database) are left alone: only the one pushed off goes.
      const pushed = rows[TABLE_SIZE - 1];
      if (pushed) await tx.store.delete(pushed.id);
      await tx.done;
      return rank;
    } catch (e) {
      undo?.();
      throw scoreError(e, action);
    }
  }

  /** Every (difficulty, character) with at least one entry: difficulties in game order, then by name. */
  async tables(): Promise<TableKey[]> {
    this.guard();
    let all: unknown[];
    try {
      all = await this.db.getAll('entries');
    } catch (e) {
      throw scoreError(e, 'read the high scores');
    }
    const problems: string[] = [];
    const keys = new Map<string, TableKey>();
    for (const r of all) {
      const p = rowProblem(r);
      if (p) {
        const id = r && typeof r === 'object' && 'id' in r ? String(r.id) : '?';
        problems.push(`entry ${id}: ${p}`);
      } else {
        const { difficulty, character } = r as HighScoreRow;
        keys.set(`${difficulty}\n${character}`, { difficulty, character });
      }
    }
    this.skipped = problems.length;
    this.problems = problems.slice(0, MAX_PROBLEMS);
    const order = (d: string) => {
      const i = (DIFFICULTIES as readonly string[]).indexOf(d);
      return i < 0 ? DIFFICULTIES.length : i;
    };
    return [...keys.values()].sort(
      (a, b) =>
        order(a.difficulty) - order(b.difficulty) || a.difficulty.localeCompare(b.difficulty) || a.character.localeCompare(b.character),
    );
  }

  /** A sentence for the page when bad rows were skipped, else null. */
  skippedMessage(): string | null {
    if (this.skipped === 0) return null;
    return (
      `${this.skipped} stored high-score ${this.skipped === 1 ? 'entry' : 'entries'} could not be read (changed by hand or by ` +
      'another version?) and ' +
      `${this.skipped === 1 ? 'is' : 'are'} left out of the tables.`
    );
  }
}
