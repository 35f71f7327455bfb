// Prolific's ids from the address and the completion URL (src/study/page/prolific.ts).
import { describe, expect, it } from 'vitest';
import { PROLIFIC_COMPLETE, prolificEnd, prolificFromParams } from '../../../src/study/page/prolific';

const q = (s: string) => new URLSearchParams(s);

describe('prolificFromParams', () => {
  it('reads the three ids, or null when the participant did not come from Prolific', () => {
    expect(prolificFromParams(q('PROLIFIC_PID=5f1a2b3c4d5e6f7a8b9c0d1e&STUDY_ID=abc123&SESSION_ID=s9&lang=en'))).toEqual({
      pid: '5f1a2b3c4d5e6f7a8b9c0d1e',
      studyId: 'abc123',
      sessionId: 's9',
    });
    expect(prolificFromParams(q('pid=x&lang=ja'))).toBeNull();
  });

  it('refuses a link with some ids missing or with ids not in Prolific’s shape', () => {
    expect(() => prolificFromParams(q('PROLIFIC_PID=abc&STUDY_ID=def'))).toThrow(/not all three/);
    expect(() => prolificFromParams(q('PROLIFIC_PID={{%PROLIFIC_PID%}}&STUDY_ID=a&SESSION_ID=b'))).toThrow(/letters and digits/);
  });
});

describe('prolificEnd', () => {
  it('uses the study file’s completion URL, else Prolific’s URL with the code', () => {
    expect(prolificEnd({ completionCode: 'C1A2B3' })).toEqual({ url: `${PROLIFIC_COMPLETE}?cc=C1A2B3`, code: 'C1A2B3' });
    expect(prolificEnd({ completionUrl: 'https://example.org/done?x=1', completionCode: 'C1' })).toEqual({
      url: 'https://example.org/done?x=1',
      code: 'C1',
    });
    expect(prolificEnd({ completionCode: 'a b&c' }).url).toBe(`${PROLIFIC_COMPLETE}?cc=a%20b%26c`);
    expect(prolificEnd(null)).toEqual({ url: null, code: null });
    expect(prolificEnd({})).toEqual({ url: null, code: null });
  });
});
