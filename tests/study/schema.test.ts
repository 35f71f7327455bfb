import { describe, expect, it } from 'vitest';
import { appearances, parseStudy, setOrder, StudyError } from '../../src/study/schema';
import { clipNeeds } from '../../src/cli/study-recordings';
import { paperStudy, paperStudyInput, PAPER_PLAYERS } from '../../src/study/template';

const text = (mut: (s: Record<string, any>) => void = () => {}) => {
  const s = JSON.parse(JSON.stringify(paperStudyInput()));
  mut(s);
  return JSON.stringify(s, null, 2);
};
const err = (mut: (s: Record<string, any>) => void) => {
  try {
    parseStudy(text(mut), 'studies/x.json');
  } catch (e) {
    expect(e).toBeInstanceOf(StudyError);
    return (e as Error).message;
  }
  throw new Error('no error');
};

describe('study file schema', () => {
  it('the paper template is a valid study', () => {
    const s = parseStudy(text(), 'paper.json');
    expect(s.players.map((p) => p.id)).toEqual([...PAPER_PLAYERS]);
    expect(s.sets).toHaveLength(8);
    expect(s.practice.seconds).toBe(180);
    expect(s.clip.seconds).toBe(30);
    expect(s.answers.postUrl).toBeNull();
  });

  it('errors name the file and the field', () => {
    expect(err((s) => (s.sets[2].b = 'robot'))).toBe(
      "studies/x.json: sets[2].b: unknown player 'robot' (players: base, imap, imap-multi, expert, beginner)",
    );
    expect(err((s) => (s.players[1].source = 'imap'))).toMatch(
      /^studies\/x\.json: players\[1\]\.source: must be 'cpu:PRESET', a CPU preset file ending in \.json, or 'human'$/,
    );
    expect(err((s) => delete s.players[3].replays)).toMatch(
      /^studies\/x\.json: players\[3\]\.replays: a 'human' player needs the replay files/,
    );
    expect(err((s) => s.groups[1].orders.pop())).toBe('studies/x.json: groups[1].orders: needs one order per set: 8, got 7');
    expect(err((s) => (s.groups[0].orders[3] = 'CD'))).toMatch(/^studies\/x\.json: groups\[0\]\.orders\[3\]: /);
    expect(err((s) => (s.sets[0].variants = ['a', 'q']))).toMatch(
      /^studies\/x\.json: sets\[0\]\.variants\[1\]: 'q' is not one of the study's drill\.variants/,
    );
    expect(err((s) => (s.drill.variants = ['a', 'z']))).toMatch(
      /^studies\/x\.json: drill\.variants\[1\]: drill 'survey' has variants a, b, c, d, got 'z'/,
    );
    expect(err((s) => (s.drill.name = 'boss'))).toMatch(/^studies\/x\.json: drill\.name: must be one of survey/);
    expect(err((s) => (s.clip.seconds = 45))).toMatch(
      /^studies\/x\.json: clip\.seconds: start \+ seconds = 48\.0 s is longer than drill 'survey' \(40 s\)/,
    );
    expect(err((s) => (s.questions.absolute.anchors.en = ['x', 'y', 'z']))).toBe(
      'studies/x.json: questions.absolute.anchors.en: needs 5 labels (one per point) or 2 (the ends), got 3',
    );
    expect(err((s) => (s.players[4].id = 'base'))).toMatch(/^studies\/x\.json: players\[4\]\.id: 'base' is used twice/);
    expect(err((s) => (s.sets[1].b = s.sets[1].a))).toMatch(/^studies\/x\.json: sets\[1\]\.b: a set pairs two different players/);
    expect(err((s) => (s.answers.postUrl = 'not a url'))).toMatch(/^studies\/x\.json: answers\.postUrl: /);
    expect(err((s) => (s.colour = 'red'))).toMatch(/^studies\/x\.json: \(top level\): .*colour/);
    expect(err((s) => (s.languages = ['fr']))).toMatch(/^studies\/x\.json: languages\[0\]: /);
  });

  it("the rater's texts, set order, attention checks and Prolific: defaults and errors", () => {
    const bare = parseStudy(
      text((s) => {
        for (const k of ['consent', 'debrief', 'contact', 'setOrder', 'attention', 'prolific', 'recording']) delete s[k];
      }),
      'bare.json',
    );
    expect(bare.consent.minutes).toBe(20);
    expect(bare.consent.text.ja).toMatch(/同意/);
    expect([bare.setOrder, bare.attention, bare.prolific, bare.recording.practice]).toEqual(['fixed', [], null, true]);
    const check = { afterSet: 2, prompt: { en: 'Pick B', ja: 'Bを選んで' }, options: { en: ['A', 'B'], ja: ['A', 'B'] }, answer: 1 };
    expect(
      parseStudy(
        text((s) => (s.attention = [check])),
        'ok.json',
      ).attention[0]!.answer,
    ).toBe(1);
    expect(err((s) => (s.attention = [{ ...check, afterSet: 9 }]))).toBe('studies/x.json: attention[0].afterSet: there are 8 sets, got 9');
    expect(err((s) => (s.attention = [{ ...check, answer: 2 }]))).toBe(
      "studies/x.json: attention[0].answer: must be an option's index (0–1), got 2",
    );
    expect(err((s) => (s.attention = [{ ...check, options: { en: ['A', 'B'] } }]))).toBe(
      'studies/x.json: attention[0].options.ja: needs at least 2 options in every study language',
    );
    expect(err((s) => (s.prolific = {}))).toBe('studies/x.json: prolific: needs completionCode or completionUrl');
    expect(err((s) => (s.prolific = { completionCode: 'C-1' }))).toMatch(
      /^studies\/x\.json: prolific\.completionCode: must be 1–40 letters/,
    );
    expect(err((s) => (s.setOrder = 'random'))).toMatch(/^studies\/x\.json: setOrder: /);
    expect(err((s) => (s.consent = { text: {}, minutes: 0 }))).toMatch(/^studies\/x\.json: consent\.minutes: /);
  });

  it('bad JSON names the line and column', () => {
    expect(() => parseStudy('{\n  "format": "twinfield-study",\n  oops\n}', 'a.json')).toThrow(/^a\.json:3:3: not valid JSON/);
  });
});

describe('the paper design (counterbalancing)', () => {
  const s = paperStudy();
  it('every player appears at least 3 times; 16 clips', () => {
    for (const [id, n] of appearances(s)) expect({ id, ok: n >= 3 }).toEqual({ id, ok: true });
    expect(s.sets.length * 2).toBe(16);
  });
  it('the 16 clips are 16 different videos; the two of a set differ in layout', () => {
    expect(clipNeeds(s)).toHaveLength(16);
    for (const st of s.sets) expect(st.variants[0]).not.toBe(st.variants[1]);
  });
  it('the two groups see each set in opposite orders', () => {
    expect(s.groups.map((g) => g.id)).toEqual(['A', 'B']);
    s.sets.forEach((st, i) => {
      const a = setOrder(s, 'A', i);
      const b = setOrder(s, 'B', i);
      expect([a.first, a.second]).toEqual([b.second, b.first]);
      expect([a.firstVariant, a.secondVariant]).toEqual([b.secondVariant, b.firstVariant]);
      expect(new Set([a.first, a.second])).toEqual(new Set([st.a, st.b]));
    });
  });
  it('sets are the paper\u2019s pairs', () => {
    expect(s.sets.map((x) => `${x.a}–${x.b}`)).toEqual([
      'base–imap',
      'imap–imap-multi',
      'base–expert',
      'base–beginner',
      'imap-multi–expert',
      'imap-multi–beginner',
      'imap–expert',
      'expert–beginner',
    ]);
  });
});
