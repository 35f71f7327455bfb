// What the rater page says, in Japanese and English. The study file's own texts (title, questions
// and scale anchors, in the manifest) take precedence where they exist. Nothing here names a
// player or says whether anyone is a person or a program beyond the research question itself.
import type { Lang } from '../manifest';

const en = {
  chooseLang: 'Please choose a language.',
  welcome: 'Welcome',
  welcomeBody:
    'In this study you first play a short game, then watch short videos of the same game and rate how human-like the play in ' +
    'each video looks. It takes about 20 minutes.',
  next: 'Next',
  consentTitle: 'Consent',
  consentBody:
    'Your answers are recorded anonymously under a participant id and used only for research. You may stop at any time by ' +
    'closing this page; what you have answered so far is kept on this computer. Do you agree to take part?',
  agree: 'I agree',
  demoTitle: 'About you',
  experience: 'How many shoot-’em-up (danmaku) games have you played?',
  expNone: 'None',
  exp15: '1–5 titles',
  exp6: '6 or more',
  playsGames: 'Do you play video games at all?',
  yes: 'Yes',
  no: 'No',
  age: 'Your age',
  ages: ['under 18', '18–24', '25–34', '35–44', '45–54', '55 or over', 'prefer not to say'],
  practiceTitle: 'Practice',
  practiceBody: (min: string) =>
    `Now play the game for ${min}. Arrow keys move, Z shoots, Shift moves slowly (focus). The game starts when you press Next.`,
  secondsLeft: (s: number) => `${s} s left`,
  setsTitle: 'Videos',
  setsBody: (n: number) =>
    `You will now see ${n} sets of two videos. After each video, rate how human-like the play looks. After the second video of ` +
    `a set, also compare it with the first.`,
  setOf: (i: number, n: number) => `Set ${i} of ${n}`,
  video1: 'Video 1',
  video2: 'Video 2',
  loading: 'Loading…',
  reasonPlaceholder: 'Reason (optional)',
  required: 'Please choose one option on each scale.',
  endTitle: 'Thank you!',
  endBody: 'You have finished the study. Your answers are saved.',
  download: (f: string) => `Download answers (${f})`,
  nextParticipant: 'Next participant',
  already: 'This participant id has already finished the study.',
  sent: 'Your answers were sent.',
  sendFailed: 'Your answers could not be sent; they are kept on this computer.',
  error: 'The study could not be loaded:',
};

type Strings = typeof en;

const ja: Strings = {
  chooseLang: '言語を選んでください。',
  welcome: 'ようこそ',
  welcomeBody:
    'この調査では、まず短くゲームを遊んでいただき、その後同じゲームのプレイ動画を見て、それぞれのプレイがどのくらい人間らしく見えるかを評価していただきます。所要時間は約20分です。',
  next: '次へ',
  consentTitle: '同意',
  consentBody:
    '回答は参加者IDのもとで匿名で記録され、研究のみに使われます。このページを閉じればいつでも中止できます。それまでの回答はこのコンピュータに保存されます。参加に同意しますか？',
  agree: '同意する',
  demoTitle: 'あなたについて',
  experience: 'シューティング（弾幕）ゲームを何作品遊んだことがありますか？',
  expNone: 'ない',
  exp15: '1〜5作品',
  exp6: '6作品以上',
  playsGames: 'ふだんビデオゲームを遊びますか？',
  yes: 'はい',
  no: 'いいえ',
  age: '年齢',
  ages: ['18歳未満', '18〜24歳', '25〜34歳', '35〜44歳', '45〜54歳', '55歳以上', '答えない'],
  practiceTitle: '練習',
  practiceBody: (min: string) =>
    `これから${min}ゲームを遊んでください。矢印キーで移動、Zでショット、Shiftで低速移動です。「次へ」を押すと始まります。`,
  secondsLeft: (s: number) => `残り ${s} 秒`,
  setsTitle: '動画',
  setsBody: (n: number) =>
    `これから2本ずつ${n}組の動画を見ていただきます。各動画の後に、そのプレイがどのくらい人間らしいかを評価してください。各組の2本目の後には、1本目と比べた評価もお願いします。`,
  setOf: (i: number, n: number) => `${n}組中 ${i}組目`,
  video1: '動画1',
  video2: '動画2',
  loading: '読み込み中…',
  reasonPlaceholder: '理由（任意）',
  required: 'それぞれの尺度で1つ選んでください。',
  endTitle: 'ありがとうございました',
  endBody: '調査は終了です。回答は保存されました。',
  download: (f: string) => `回答をダウンロード（${f}）`,
  nextParticipant: '次の参加者へ',
  already: 'この参加者IDはすでに調査を終えています。',
  sent: '回答を送信しました。',
  sendFailed: '回答を送信できませんでした。このコンピュータには保存されています。',
  error: '調査を読み込めませんでした：',
};

export const STRINGS: Record<Lang, Strings> = { en, ja };

/** "3 minutes" / "3分" / "45 s" / "45秒". */
export function duration(seconds: number, lang: Lang): string {
  if (seconds >= 60 && seconds % 60 === 0)
    return lang === 'ja' ? `${seconds / 60}分間` : `${seconds / 60} minute${seconds === 60 ? '' : 's'}`;
  return lang === 'ja' ? `${seconds}秒間` : `${seconds} seconds`;
}

/** Default anchor labels (1 … 5) when the study file gives none. */
export const DEFAULT_ANCHORS: Record<
  Lang,
  { absolute: string[]; relative: string[]; absPrompt: string; relPrompt: string; reasonPrompt: string }
> = {
  en: {
    absolute: ['Not human-like at all', 'Not very human-like', 'Hard to say', 'Somewhat human-like', 'Very human-like'],
    relative: [
      'Video 1 is much more human-like',
      'Video 1 is a little more human-like',
      'About the same',
      'Video 2 is a little more human-like',
      'Video 2 is much more human-like',
    ],
    absPrompt: 'How human-like is the play in this video?',
    relPrompt: 'Compared with video 1, how human-like is video 2?',
    reasonPrompt: 'Why? (optional)',
  },
  ja: {
    absolute: ['まったく人間らしくない', 'あまり人間らしくない', 'どちらともいえない', 'やや人間らしい', 'とても人間らしい'],
    relative: [
      '動画1の方がかなり人間らしい',
      '動画1の方がやや人間らしい',
      '同じくらい',
      '動画2の方がやや人間らしい',
      '動画2の方がかなり人間らしい',
    ],
    absPrompt: 'この動画のプレイはどのくらい人間らしいですか？',
    relPrompt: '動画1と比べて、動画2はどのくらい人間らしいですか？',
    reasonPrompt: 'その理由（任意）',
  },
};
