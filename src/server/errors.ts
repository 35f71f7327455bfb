// The one error type the routes throw: an HTTP status and a plain-language reason, sent as
// { error } (every refusal says what was wrong and where).

export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

/** True when SQLite reports a full database or disk (SQLITE_FULL, or the OS's ENOSPC). */
export function isDiskFull(e: unknown): boolean {
  const code = (e as { code?: unknown } | null)?.code;
  return code === 'SQLITE_FULL' || code === 'ENOSPC';
}

export const DISK_FULL_MESSAGE =
  'the server could not save this: its disk (or database size limit) is full. Nothing earlier was lost; ' +
  'please tell the researcher and try again later';

/** Status and { error } for anything a route threw. */
export function errorReply(e: unknown): { status: number; body: { error: string } } {
  if (e instanceof HttpError) return { status: e.status, body: { error: e.message } };
  if (isDiskFull(e)) return { status: 507, body: { error: DISK_FULL_MESSAGE } };
  const fe = e as { statusCode?: number; code?: string; message?: string; error?: unknown };
  if (typeof fe.statusCode === 'number' && typeof fe.error === 'string') return { status: fe.statusCode, body: { error: fe.error } };
  if (typeof fe.statusCode === 'number' && fe.statusCode >= 400 && fe.statusCode < 500) {
    // Fastify's own refusals (body too large, bad JSON, wrong content type): reworded plainly.
    const why =
      fe.code === 'FST_ERR_CTP_BODY_TOO_LARGE'
        ? 'the request body is larger than this server takes here'
        : fe.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE'
          ? `this content type is not accepted here (${fe.message ?? ''})`
          : fe.code === 'FST_ERR_CTP_EMPTY_JSON_BODY'
            ? 'the request body is empty; JSON was expected'
            : /JSON/i.test(fe.message ?? '')
              ? `the request body is not valid JSON (${fe.message})`
              : (fe.message ?? 'bad request');
    return { status: fe.statusCode, body: { error: why } };
  }
  return { status: 500, body: { error: `internal server error: ${e instanceof Error ? e.message : String(e)}` } };
}
