// The rater page <-> study server contract (`study serve`, src/server/). The page finds the server
// by GET api/info beside itself (same origin, so no CORS); without one it works as a static page.
// Every body is JSON unless said otherwise; errors are { error: "plain-language reason" } with a
// 4xx/5xx status. Paths are relative to the page (the server serves site/ at /).
//
//   GET  api/info                       -> ServerInfo
//   POST api/participants               JoinRequest -> JoinResponse
//        a new pid (or none: the server makes one) is assigned a group atomically (the URL's
//        group when it exists, else the group with fewest participants over the whole study, ties
//        by pid) and a Latin-square row; a known pid gets its stored record back (resume on any device)
//   GET  api/participants/:pid          -> { record: ParticipantRecord } | 404
//   PUT  api/participants/:pid          { record: ParticipantRecord } -> { progress: number }
//        stored when record.progress >= the stored progress (a late resend never goes back); every
//        progress value is also kept as one row of the step log, so each answer is stored as given
//        and a resend is not a duplicate
//   POST api/replays?pid=P&kind=practice                  body: a .twrp (application/octet-stream)
//   POST api/replays?kind=recording&player=ID&variant=V   + header x-record-token: TOKEN
//        -> 201 UploadResponse | 422 { error } (re-simulated in Node; refused unless it verifies
//        and its config is the study's config of that drill variant)
//   GET  researcher/?token=T            the dashboard (HTML); its data from the endpoints below
//   GET  api/researcher/summary?token=T -> progress per group, live Tables 2/3 and Fig. 7
//   GET  api/researcher/answers.json|answers.csv?token=T   every participant (unfinished marked)
//   GET  api/researcher/replays.zip?token=T                every uploaded replay and an index
import { z } from 'zod';

export const SERVER_NAME = 'twinfield-study';

export const ServerInfoSchema = z.object({
  server: z.literal(SERVER_NAME),
  studyId: z.string(),
  fingerprint: z.string(),
});
export type ServerInfo = z.infer<typeof ServerInfoSchema>;

export const ProlificSchema = z.object({
  pid: z.string().regex(/^[A-Za-z0-9]{1,64}$/),
  studyId: z.string().regex(/^[A-Za-z0-9]{1,64}$/),
  sessionId: z.string().regex(/^[A-Za-z0-9]{1,64}$/),
});

export const PID_RE = /^[A-Za-z0-9._-]{1,64}$/;

export const JoinRequestSchema = z.object({
  pid: z.string().regex(PID_RE).nullable(),
  lang: z.enum(['ja', 'en']),
  /** ?group= of the page's URL, if any. */
  group: z.string().max(8).nullable(),
  prolific: ProlificSchema.nullable(),
});
export type JoinRequest = z.infer<typeof JoinRequestSchema>;

/** `record` is a ParticipantRecord (src/study/page/flow.ts); checked by the page's own code. */
export const JoinResponseSchema = z.object({
  record: z.record(z.string(), z.unknown()),
  resumed: z.boolean(),
});

export const UploadResponseSchema = z.object({
  id: z.string(),
  frames: z.number().int(),
  finalHash: z.string(),
});
export type UploadResponse = z.infer<typeof UploadResponseSchema>;
