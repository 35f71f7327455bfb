// The study's database: one SQLite file (OUT/study.sqlite) through better-sqlite3. WAL with
// synchronous=FULL: a write is on disk when its transaction returns, so a reply is only sent for a
// write that survives a kill -9 or a power cut. The schema is versioned with PRAGMA user_version;
// `migrate` brings an older file up to date in one transaction.
import Database from 'better-sqlite3';

export type Db = Database.Database;

/** Each entry upgrades the schema from version i to i + 1. */
const MIGRATIONS: string[] = [
  `CREATE TABLE participants (
     seq INTEGER PRIMARY KEY AUTOINCREMENT,
     pid TEXT NOT NULL UNIQUE,
     group_id TEXT NOT NULL,
     order_row INTEGER NOT NULL,
     lang TEXT NOT NULL,
     prolific_pid TEXT,
     prolific_study TEXT,
     prolific_session TEXT,
     record TEXT NOT NULL,
     progress INTEGER NOT NULL,
     created_at TEXT NOT NULL,
     updated_at TEXT NOT NULL
   );
   CREATE INDEX participants_group ON participants (group_id);
   CREATE TABLE steps (
     pid TEXT NOT NULL REFERENCES participants (pid),
     progress INTEGER NOT NULL,
     record TEXT NOT NULL,
     received_at TEXT NOT NULL,
     PRIMARY KEY (pid, progress)
   );
   CREATE TABLE replays (
     id TEXT PRIMARY KEY,
     pid TEXT,
     player TEXT,
     kind TEXT NOT NULL CHECK (kind IN ('practice', 'recording')),
     variant TEXT,
     bytes BLOB NOT NULL,
     frames INTEGER NOT NULL,
     final_hash TEXT NOT NULL,
     uploaded_at TEXT NOT NULL
   );
   CREATE INDEX replays_player ON replays (kind, player);`,
];

export const SCHEMA_VERSION = MIGRATIONS.length;

export interface OpenOptions {
  /** Test hook: PRAGMA max_page_count, so a test can make the database "full". */
  maxPageCount?: number;
  readonly?: boolean;
}

export function openDb(path: string, opts: OpenOptions = {}): Db {
  const db = new Database(path, { readonly: opts.readonly ?? false, fileMustExist: opts.readonly ?? false });
  if (opts.readonly) return db;
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = FULL');
  db.pragma('foreign_keys = ON');
  // Concurrent writers (a second process, e.g. `study record` reading) wait instead of failing.
  db.pragma('busy_timeout = 5000');
  migrate(db, path);
  if (opts.maxPageCount) db.pragma(`max_page_count = ${Math.floor(opts.maxPageCount)}`);
  return db;
}

export function migrate(db: Db, path: string): void {
  const v = db.pragma('user_version', { simple: true }) as number;
  if (v > SCHEMA_VERSION)
    throw new Error(`${path}: the database has schema version ${v}, newer than this server knows (${SCHEMA_VERSION}); update the game`);
  if (v === SCHEMA_VERSION) return;
  db.transaction(() => {
    for (let i = v; i < SCHEMA_VERSION; i++) db.exec(MIGRATIONS[i]!);
    db.pragma(`user_version = ${SCHEMA_VERSION}`);
  }).immediate();
}

export interface ParticipantRow {
  seq: number;
  pid: string;
  group_id: string;
  order_row: number;
  lang: string;
  prolific_pid: string | null;
  prolific_study: string | null;
  prolific_session: string | null;
  record: string;
  progress: number;
  created_at: string;
  updated_at: string;
}

export interface ReplayRow {
  id: string;
  pid: string | null;
  player: string | null;
  kind: 'practice' | 'recording';
  variant: string | null;
  bytes: Buffer;
  frames: number;
  final_hash: string;
  uploaded_at: string;
}

/** The prepared statements the routes use (prepared once per server). */
export function statements(db: Db) {
  return {
    participant: db.prepare<[string], ParticipantRow>('SELECT * FROM participants WHERE pid = ?'),
    allParticipants: db.prepare<[], ParticipantRow>('SELECT * FROM participants ORDER BY seq'),
    groupCounts: db.prepare<[], { group_id: string; n: number }>('SELECT group_id, COUNT(*) AS n FROM participants GROUP BY group_id'),
    countInGroup: db.prepare<[string], { n: number }>('SELECT COUNT(*) AS n FROM participants WHERE group_id = ?'),
    insertParticipant: db.prepare(
      `INSERT INTO participants (pid, group_id, order_row, lang, prolific_pid, prolific_study, prolific_session, record, progress,
         created_at, updated_at)
       VALUES (@pid, @group_id, @order_row, @lang, @prolific_pid, @prolific_study, @prolific_session, @record, @progress, @now, @now)`,
    ),
    updateRecord: db.prepare('UPDATE participants SET record = ?, progress = ?, updated_at = ? WHERE pid = ?'),
    insertStep: db.prepare('INSERT INTO steps (pid, progress, record, received_at) VALUES (?, ?, ?, ?) ON CONFLICT DO NOTHING'),
    insertReplay: db.prepare(
      `INSERT INTO replays (id, pid, player, kind, variant, bytes, frames, final_hash, uploaded_at)
       VALUES (@id, @pid, @player, @kind, @variant, @bytes, @frames, @final_hash, @uploaded_at) ON CONFLICT DO NOTHING`,
    ),
    replayMeta: db.prepare<[], Omit<ReplayRow, 'bytes'> & { size: number }>(
      'SELECT id, pid, player, kind, variant, frames, final_hash, uploaded_at, length(bytes) AS size FROM replays ORDER BY uploaded_at, id',
    ),
    replayBytes: db.prepare<[string], { bytes: Buffer }>('SELECT bytes FROM replays WHERE id = ?'),
  };
}

export type Statements = ReturnType<typeof statements>;
