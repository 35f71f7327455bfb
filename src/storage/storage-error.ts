// Turning what IndexedDB throws into one plain sentence for the player. Quota errors are named as
// such (and never swallowed: callers show them). Pure, so it is unit-tested in Node.

export class LibraryError extends Error {
  readonly userFacing = true;
  constructor(
    message: string,
    /** True when the browser refused for lack of storage space. */
    readonly quota = false,
    readonly cause_?: unknown,
  ) {
    super(message);
    this.name = 'LibraryError';
  }
}

function nameOf(e: unknown): string {
  if (e && typeof e === 'object' && 'name' in e && typeof (e as { name: unknown }).name === 'string') return (e as { name: string }).name;
  return '';
}

function messageOf(e: unknown): string {
  if (e instanceof Error) return e.message;
  if (e && typeof e === 'object' && 'message' in e) return String((e as { message: unknown }).message);
  return String(e);
}

/**
 * A LibraryError for a failed library operation. `action` says what failed ("save the replay").
 * Quota errors (QuotaExceededError, also when it is the `error` of an aborted transaction) get a
 * message that says storage is full and what to do.
 */
export function storageError(e: unknown, action: string): LibraryError {
  if (e instanceof LibraryError) return e;
  const inner = e && typeof e === 'object' && 'error' in e ? (e as { error: unknown }).error : null;
  const name = nameOf(e) || nameOf(inner);
  if (name === 'QuotaExceededError' || nameOf(inner) === 'QuotaExceededError' || /quota/i.test(messageOf(e))) {
    return new LibraryError(
      `Could not ${action}: the browser's storage for this page is full (quota exceeded). Nothing was changed. Delete replays ` +
        `or clips you no longer need, or export them to files, then try again.`,
      true,
      e,
    );
  }
  if (name === 'VersionError') {
    // This page is an older build than the one that last opened the library (in another tab, or
    // before a reload to an older cached copy): IndexedDB will not open a newer database.
    return new LibraryError(
      `Could not ${action}: the replay library was upgraded by a newer version of Twinfield (in another tab?). Nothing is ` +
        `lost; reload this page to get the newer version.`,
      false,
      e,
    );
  }
  if (name === 'InvalidStateError' || name === 'UnknownError') {
    return new LibraryError(
      `Could not ${action}: the browser's replay storage is not available (${name}: ${messageOf(e)}). Private windows and some ` +
        `settings block it.`,
      false,
      e,
    );
  }
  return new LibraryError(`Could not ${action}: ${name ? `${name}: ` : ''}${messageOf(e)}`, false, e);
}
