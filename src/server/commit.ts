// Group commit: the writes of all requests that arrive while the disk is busy go into one IMMEDIATE
// transaction, each in its own savepoint (a refused write is rolled back alone), and every request is
// answered only after that transaction is committed (synchronous=FULL: on disk). One fsync then
// serves many writes: with a 3 ms fsync, one transaction per write would cap the server at ~300
// writes a second.
import type { Db } from './db';

interface Job {
  fn: () => unknown;
  resolve: (v: unknown) => void;
  reject: (e: unknown) => void;
}

export class GroupCommit {
  private queue: Job[] = [];
  private scheduled = false;
  /** Transactions committed and writes in them (for tests and the docs' figures). */
  readonly stats = { commits: 0, writes: 0, slowestMs: 0 };

  constructor(private readonly db: Db) {}

  /** Runs `fn` inside the next group transaction; resolves with its result once that is committed. */
  run<T>(fn: () => T): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.queue.push({ fn, resolve: resolve as (v: unknown) => void, reject });
      if (!this.scheduled) {
        this.scheduled = true;
        // setImmediate: requests already read from the sockets join this batch.
        setImmediate(() => this.flush());
      }
    });
  }

  private flush(): void {
    this.scheduled = false;
    const jobs = this.queue;
    this.queue = [];
    if (jobs.length === 0) return;
    const outcomes: ({ ok: true; v: unknown } | { ok: false; e: unknown })[] = [];
    const t0 = performance.now();
    let aborted: { e: unknown } | null = null;
    try {
      this.db
        .transaction(() => {
          for (const j of jobs) {
            try {
              // A nested better-sqlite3 transaction is a savepoint: rolled back alone when it throws.
              outcomes.push({ ok: true, v: this.db.transaction(j.fn)() });
            } catch (e) {
              outcomes.push({ ok: false, e });
              // SQLite rolls the whole transaction back on some errors (SQLITE_FULL may): then nothing
              // of this batch is stored, and the rest must not run outside a transaction.
              if (!this.db.inTransaction) {
                aborted = { e };
                return;
              }
            }
          }
        })
        .immediate();
    } catch (e) {
      // The commit itself failed (disk full, I/O error): nothing of this batch is stored.
      aborted ??= { e };
    }
    if (aborted) {
      const why = aborted.e;
      jobs.forEach((j, i) => {
        const o = outcomes[i];
        j.reject(o && !o.ok ? o.e : why);
      });
      return;
    }
    const ms = performance.now() - t0;
    this.stats.slowestMs = Math.max(this.stats.slowestMs, ms);
    this.stats.commits++;
    this.stats.writes += jobs.length;
    jobs.forEach((j, i) => {
      const o = outcomes[i]!;
      if (o.ok) j.resolve(o.v);
      else j.reject(o.e);
    });
  }
}
