// What the rater page says, in Japanese and English. The study file's own texts (title, questions
// and scale anchors, in the manifest) take precedence where they exist. Nothing here names a
// player or says whether anyone is a person or a program beyond the research question itself.
import type { Lang } from '../manifest';
import { HUD_LABELS, type HudLabels } from '../../views/hud-labels';

const en = {
  chooseLang: 'Please choose a language.',
  welcome: 'Welcome',
  welcomeBody: (minutes: number) =>
    'In this study you first play a short game, then watch short videos of the same game and rate how human-like the play in ' +
    `each video looks. It takes about ${minutes} minute${minutes === 1 ? '' : 's'}.`,
  next: 'Next',
  consentTitle: 'Consent',
  consentBody:
    'Your answers are recorded anonymously under a participant id and used only for research. You may stop at any time by ' +
    'closing this page; what you have answered so far is kept on this computer. Do you agree to take part?',
  agree: 'I agree',
  contact: (c: string) => `Contact: ${c}`,
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
  choose: 'Please choose one of these options.',
  question: 'A question',
  endTitle: 'Thank you!',
  endBody: 'You have finished the study. Your answers are saved.',
  download: (f: string) => `Download answers (${f})`,
  nextParticipant: 'Next participant',
  already: 'This participant id has already finished the study.',
  sent: 'Your answers were sent.',
  sendFailed: 'Your answers could not be sent; they are kept on this computer.',
  error: 'The study could not be loaded:',
  preview: 'Researcher preview: answers are kept apart from real participants and never sent.',
};

type Strings = typeof en;

const ja: Strings = {
  chooseLang: '言語を選んでください。',
  welcome: 'ようこそ',
  welcomeBody: (minutes: number) =>
    'この調査では、まず短くゲームを遊んでいただき、その後同じゲームのプレイ動画を見て、それぞれのプレイがどのくらい人間らしく見えるかを評価していただきます。' +
    `所要時間は約${minutes}分です。`,
  next: '次へ',
  consentTitle: '同意',
  consentBody:
    '回答は参加者IDのもとで匿名で記録され、研究のみに使われます。このページを閉じればいつでも中止できます。それまでの回答はこのコンピュータに保存されます。参加に同意しますか？',
  agree: '同意する',
  contact: (c: string) => `連絡先：${c}`,
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
  choose: 'この中から1つ選んでください。',
  question: '質問',
  endTitle: 'ありがとうございました',
  endBody: '調査は終了です。回答は保存されました。',
  download: (f: string) => `回答をダウンロード（${f}）`,
  nextParticipant: '次の参加者へ',
  already: 'この参加者IDはすでに調査を終えています。',
  sent: '回答を送信しました。',
  sendFailed: '回答を送信できませんでした。このコンピュータには保存されています。',
  error: '調査を読み込めませんでした：',
  preview: '研究者用プレビュー：回答は実際の参加者と分けて保存され、送信されません。',
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

/** The game HUD's words on the rater page (the clips and the practice are drawn by the game's views). */
export const HUD_TEXT: Record<Lang, HudLabels> = {
  en: HUD_LABELS,
  ja: {
    time: '時間',
    level: 'レベル',
    mazes: '迷路',
    vs: 'VS',
    hint: 'Escで一時停止',
    score: 'スコア',
    kills: '撃破',
    chain: '連鎖',
    hits: '被弾',
    attack: '攻撃 LV',
    attackReady: 'X: 攻撃 LV',
    charge: 'チャージ LV',
  },
};

/** What the page says about sending (sync.ts) and the remote recording view (recorder.ts). */
export const SYNC_STRINGS = {
  en: {
    unsent: (answers: number, replays: number) =>
      [
        answers > 0 ? `${answers} answer${answers === 1 ? '' : 's'}` : '',
        replays > 0 ? `${replays} recording${replays === 1 ? '' : 's'}` : '',
      ]
        .filter(Boolean)
        .join(' and ') + ' not sent yet — retrying',
    refused: (why: string) => `Not accepted by the server: ${why}`,
    sending: 'Sending your answers…',
    notYet: 'Your answers are not sent yet — retrying. Please keep this page open; nothing is lost.',
    stored: 'Your answers are stored.',
    storedHere: 'Your answers are saved on this computer.',
    code: 'Your completion code:',
    backToProlific: 'Back to Prolific',
    fingerprint: 'This page does not match the study on the server:',
    rec: {
      title: 'Record play for the study',
      intro: (n: number) =>
        `You will play ${n} short round${n === 1 ? '' : 's'} of the game, one after another. Arrow keys move, Z shoots, Shift moves ` +
        'slowly (focus). Each round starts after a 3-second countdown and ends by itself. Please play as you normally would.',
      start: 'Start',
      round: (i: number, n: number) => `Round ${i} of ${n}`,
      countdown: (s: number) => `Starting in ${s}…`,
      uploading: 'Sending the recording…',
      accepted: 'Recording accepted.',
      refused: (why: string) => `Recording not accepted: ${why}`,
      failed: (why: string) => `The recording could not be sent (${why}). Try again, or download it and send the file to the researcher.`,
      again: 'Play this round again',
      retrySend: 'Send again',
      next: 'Next round',
      download: 'Download the recording',
      noServer: 'No study server here: download each recording and send the files to the researcher.',
      done: 'All rounds are recorded. Thank you! You may close this page.',
      badLink: 'This recording link is incomplete (it needs player= and token=). Please use the link the researcher sent you.',
      noConfigs: 'This study has no rounds to record.',
    },
  },
  ja: {
    unsent: (answers: number, replays: number) =>
      `未送信の${[answers > 0 ? `回答が${answers}件` : '', replays > 0 ? `録画が${replays}件` : ''].filter(Boolean).join('、')}あります — 再送中`,
    refused: (why: string) => `サーバーに受け付けられませんでした：${why}`,
    sending: '回答を送信しています…',
    notYet: '回答はまだ送信されていません — 再送中です。このページを開いたままにしてください。回答は失われません。',
    stored: '回答は保存されました。',
    storedHere: '回答はこのコンピュータに保存されました。',
    code: '完了コード：',
    backToProlific: 'Prolificに戻る',
    fingerprint: 'このページはサーバーの調査と一致しません：',
    rec: {
      title: '調査用のプレイを録画します',
      intro: (n: number) =>
        `これからゲームを短く${n}回、続けて遊んでいただきます。矢印キーで移動、Zでショット、Shiftで低速移動です。` +
        '各回は3秒のカウントダウンの後に始まり、自動で終わります。ふだん通りに遊んでください。',
      start: '始める',
      round: (i: number, n: number) => `${n}回中 ${i}回目`,
      countdown: (s: number) => `${s}秒後に始まります…`,
      uploading: '録画を送信しています…',
      accepted: '録画は受け付けられました。',
      refused: (why: string) => `録画は受け付けられませんでした：${why}`,
      failed: (why: string) => `録画を送信できませんでした（${why}）。もう一度試すか、ダウンロードしてファイルを研究者に送ってください。`,
      again: 'この回をもう一度遊ぶ',
      retrySend: 'もう一度送信',
      next: '次の回へ',
      download: '録画をダウンロード',
      noServer: 'ここには調査サーバーがありません。各録画をダウンロードして、ファイルを研究者に送ってください。',
      done: 'すべての回を録画しました。ありがとうございました。このページは閉じてかまいません。',
      badLink: 'この録画用リンクは不完全です（player= と token= が必要です）。研究者から届いたリンクを使ってください。',
      noConfigs: 'この調査には録画する回がありません。',
    },
  },
} satisfies Record<Lang, unknown>;
