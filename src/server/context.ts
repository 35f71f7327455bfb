// What every route module shares: the package, the database and its statements, the tokens.
import type { GroupCommit } from './commit';
import type { Db, Statements } from './db';
import type { StudyPackage } from './study-package';

export interface ServerContext {
  pkg: StudyPackage;
  db: Db;
  st: Statements;
  /** Every write goes through here (one transaction per batch of requests). */
  commit: GroupCommit;
  /** The researcher's token (dashboard, downloads). */
  researcherToken: string;
  /** The remote recording token (x-record-token). */
  recordToken: string;
  /** The clock (tests fix it). */
  now: () => string;
}
