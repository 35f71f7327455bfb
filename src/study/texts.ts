// Default texts of a study file's own fields (consent), used when a study file leaves them out and
// written into templates, so a researcher edits them in the study file, never in code. Pure.
import type { StudyText } from './schema';

export const DEFAULT_CONSENT: { text: StudyText; minutes: number } = {
  text: {
    en:
      'Your answers are recorded under a random participant id, with no name or contact details, and used only for research. ' +
      'Your practice play is recorded too. You may stop at any time by closing this page; what you have answered so far is kept. ' +
      'Do you agree to take part?',
    ja:
      '回答は名前や連絡先を含まないランダムな参加者IDで記録され、研究にのみ使われます。練習のプレイも記録されます。' +
      'このページを閉じればいつでも中止でき、それまでの回答は保存されます。参加に同意しますか？',
  },
  minutes: 20,
};
