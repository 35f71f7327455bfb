// The paper's study (seed 004 §4.2) as a study file value, and its published results (Tables 2–3),
// which `study analyze` prints beside a new study's numbers. Pure.
import { checkStudy, STUDY_FORMAT, STUDY_VERSION, type Study, type StudyInput } from './schema';
import { DEFAULT_CONSENT } from './texts';

/** The paper's five players, in its table order. */
export const PAPER_PLAYERS = ['base', 'imap', 'imap-multi', 'expert', 'beginner'] as const;

const ABS_EN = ['Not human-like at all', 'Not very human-like', 'Hard to say', 'Somewhat human-like', 'Very human-like'];
const ABS_JA = ['全く人間らしくない', 'あまり人間らしくない', 'どちらともいえない', 'やや人間らしい', 'とても人間らしい'];
const REL_EN = [
  'The first is much more human-like',
  'The first is a little more human-like',
  'About the same',
  'The second is a little more human-like',
  'The second is much more human-like',
];
const REL_JA = [
  '1つ目の方がずっと人間らしい',
  '1つ目の方がやや人間らしい',
  '同じくらい',
  '2つ目の方がやや人間らしい',
  '2つ目の方がずっと人間らしい',
];

/**
 * The paper's 8 sets. Each player appears ≥ 3 times and never twice on the same drill variant, so
 * the 16 clips are 16 different videos whose bullet layouts differ only by two enemies' swapped
 * patterns; within a set the two clips differ (the paper: "わずかづつ弾と敵配置が違う動画").
 */
const SETS: [string, string, string, string][] = [
  ['base', 'imap', 'a', 'b'],
  ['imap', 'imap-multi', 'c', 'a'],
  ['base', 'expert', 'b', 'a'],
  ['base', 'beginner', 'c', 'a'],
  ['imap-multi', 'expert', 'b', 'c'],
  ['imap-multi', 'beginner', 'c', 'b'],
  ['imap', 'expert', 'a', 'd'],
  ['expert', 'beginner', 'b', 'd'],
];

export function paperStudyInput(): StudyInput {
  const human = (id: string, variants: string[]) => variants.map((v) => `recordings/${id}-${v}.twrp`);
  return {
    format: STUDY_FORMAT,
    version: STUDY_VERSION,
    id: 'paper-004',
    title: { ja: 'シューティングゲームのプレイの人間らしさ', en: 'How human-like is this play?' },
    languages: ['ja', 'en'],
    players: [
      { id: 'base', label: 'Base', source: 'cpu:base' },
      { id: 'imap', label: 'I-Map', source: 'cpu:imap' },
      { id: 'imap-multi', label: 'I-Map + multi-frame', source: 'cpu:imap-multi' },
      { id: 'expert', label: 'Human (skilled)', source: 'human', replays: human('expert', ['a', 'b', 'c', 'd']) },
      { id: 'beginner', label: 'Human (beginner)', source: 'human', replays: human('beginner', ['a', 'b', 'd']) },
    ],
    drill: { name: 'survey', seed: 4, variants: ['a', 'b', 'c', 'd'] },
    sets: SETS.map(([a, b, va, vb]) => ({ a, b, variants: [va, vb] as [string, string] })),
    groups: [
      { id: 'A', orders: SETS.map(() => 'AB' as const) },
      { id: 'B', orders: SETS.map(() => 'BA' as const) },
    ],
    questions: {
      absolute: {
        points: 5,
        prompt: { ja: 'このプレイはどのくらい人間らしいですか？', en: 'How human-like is this play?' },
        anchors: { ja: ABS_JA, en: ABS_EN },
      },
      relative: {
        points: 5,
        prompt: {
          ja: '2つ目のプレイは1つ目と比べてどのくらい人間らしいですか？',
          en: 'Compared with the first, how human-like is the second play?',
        },
        anchors: { ja: REL_JA, en: REL_EN },
      },
      reason: { prompt: { ja: 'そう感じた理由があれば書いてください（任意）', en: 'Why? (optional)' } },
    },
    practice: { seconds: 180 },
    clip: { seconds: 30, start: 3 },
    answers: { postUrl: null },
    // What raters read and agree to: edit these here (the page shows them as written).
    consent: { text: { ...DEFAULT_CONSENT.text }, minutes: DEFAULT_CONSENT.minutes },
    debrief: {
      en:
        'Thank you. Some of the clips were played by people and some by computer players; the study asks how human-like ' +
        'computer play can look.',
      ja: 'ご協力ありがとうございました。動画の一部は人が、一部はコンピュータがプレイしたものです。コンピュータのプレイがどこまで人間らしく見えるかを調べています。',
    },
    contact: '',
    setOrder: 'fixed',
    attention: [],
    prolific: null,
    recording: { practice: true },
  };
}

/** The paper's design, checked. */
export function paperStudy(): Study {
  return checkStudy(paperStudyInput(), 'template paper');
}

export const TEMPLATES: Record<string, () => StudyInput> = { paper: paperStudyInput };

/** Table 3: mean absolute score per player. */
export const PAPER_ABSOLUTE: Record<string, number> = { base: 2.1, imap: 2.5, 'imap-multi': 3.1, expert: 4.2, beginner: 3.9 };

/** Table 2: mean relative score of the row player against the column player (only the sets shown). */
export const PAPER_RELATIVE: Record<string, Record<string, number>> = {
  base: { imap: 2.6, expert: 1.5, beginner: 2.1 },
  imap: { base: 3.4, 'imap-multi': 2.0, expert: 1.8 },
  'imap-multi': { imap: 4.0, expert: 2.2, beginner: 1.8 },
  expert: { base: 4.5, imap: 4.2, 'imap-multi': 3.8, beginner: 2.4 },
  beginner: { base: 3.9, 'imap-multi': 4.2, expert: 3.6 },
};

/** The paper's raters by shmup experience (30 in all). */
export const PAPER_EXPERIENCE = { none: 4, '1-5': 16, '6+': 10 } as const;
