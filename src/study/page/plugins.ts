// The study's own jsPsych 8 plugins: the replay clip (drawn by the game), the rating form (scales
// with anchor labels and free text, keyboard-friendly: native radios and a submit button) and
// the practice play. Each awaits `save` (the IndexedDB write) before it finishes the trial, so an
// answer is on disk before the next screen appears.
import { type JsPsych, type JsPsychPlugin, ParameterType, type TrialType } from 'jspsych';
import type { Replay } from '../../replay';
import type { MatchConfig } from '../../sim/config';
import type { Stage } from './stage';

// ── clip ────────────────────────────────────────────────────────────────────────────────────────

const clipInfo = {
  name: 'twinfield-clip',
  version: '1.0.0',
  parameters: {
    /** Opaque clip id (manifest). */
    clip_id: { type: ParameterType.STRING, default: undefined },
    /** Heading above the video ("Set 1 of 8 · Video 1"). */
    label: { type: ParameterType.STRING, default: '' },
    /** Loads the clip's replay. */
    load: { type: ParameterType.FUNCTION, default: undefined },
    start: { type: ParameterType.INT, default: 0 },
    end: { type: ParameterType.INT, default: undefined },
    rate: { type: ParameterType.FLOAT, default: 1 },
    loading_text: { type: ParameterType.STRING, default: 'Loading…' },
    /** Called once the clip's first frame is on screen. */
    on_playing: { type: ParameterType.FUNCTION, default: () => {} },
    /** Awaited before the trial ends (saving progress). */
    save: { type: ParameterType.FUNCTION, default: async () => {} },
  },
  data: {
    clip_id: { type: ParameterType.STRING },
    load_ms: { type: ParameterType.INT },
    play_ms: { type: ParameterType.INT },
  },
} as const;
type ClipInfo = typeof clipInfo;

export function clipPlugin(stage: Stage) {
  return class ClipPlugin implements JsPsychPlugin<ClipInfo> {
    static info = clipInfo;
    constructor(private readonly jsPsych: JsPsych) {}

    async trial(el: HTMLElement, t: TrialType<ClipInfo>): Promise<void> {
      const trial = t as unknown as {
        clip_id: string;
        label: string;
        load: () => Promise<Replay>;
        start: number;
        end: number;
        rate: number;
        loading_text: string;
        on_playing: () => void;
        save: () => Promise<void>;
      };
      const t0 = performance.now();
      el.innerHTML = '';
      const head = document.createElement('p');
      head.className = 'tf-clip-label';
      head.textContent = trial.label;
      const status = document.createElement('p');
      status.className = 'tf-status';
      status.textContent = trial.loading_text;
      el.append(head, status);
      const replay = (await (trial.load as () => Promise<Replay>)()) as Replay;
      const loaded = performance.now();
      let playing = 0;
      await new Promise<void>((resolve) => {
        void stage.show(el, 'study-clip', {
          replay,
          start: trial.start,
          end: trial.end,
          rate: trial.rate,
          onFirstFrame: () => {
            playing = performance.now();
            status.textContent = '';
            el.dataset.playing = trial.clip_id;
            (trial.on_playing as () => void)();
          },
          onDone: resolve,
        });
      });
      stage.hide();
      delete el.dataset.playing;
      await (trial.save as () => Promise<void>)();
      this.jsPsych.finishTrial({
        clip_id: trial.clip_id,
        load_ms: Math.round(loaded - t0),
        play_ms: Math.round(performance.now() - playing),
      });
    }
  };
}

// ── rating ──────────────────────────────────────────────────────────────────────────────────────

export interface ScaleQuestion {
  name: string;
  prompt: string;
  /** One label per point (or two: the ends only). */
  anchors: string[];
  points: number;
}

const ratingInfo = {
  name: 'twinfield-rating',
  version: '1.0.0',
  parameters: {
    preamble: { type: ParameterType.HTML_STRING, default: '' },
    /** Scales, each followed by a free-text reason. */
    scales: { type: ParameterType.OBJECT, default: undefined },
    reason_prompt: { type: ParameterType.STRING, default: '' },
    reason_placeholder: { type: ParameterType.STRING, default: '' },
    button_label: { type: ParameterType.STRING, default: 'Next' },
    /** Awaited with the answers before the trial ends (saving them). */
    save: { type: ParameterType.FUNCTION, default: async () => {} },
  },
  data: {
    ratings: { type: ParameterType.OBJECT },
    reasons: { type: ParameterType.OBJECT },
    rt: { type: ParameterType.INT },
  },
} as const;
type RatingInfo = typeof ratingInfo;

export interface RatingResult {
  ratings: Record<string, number>;
  reasons: Record<string, string>;
  rt: number;
}

export function ratingPlugin() {
  return class RatingPlugin implements JsPsychPlugin<RatingInfo> {
    static info = ratingInfo;
    constructor(private readonly jsPsych: JsPsych) {}

    trial(el: HTMLElement, t: TrialType<RatingInfo>): Promise<void> {
      const trial = t as unknown as {
        preamble: string;
        scales: ScaleQuestion[];
        reason_prompt: string;
        reason_placeholder: string;
        button_label: string;
        save: (r: RatingResult) => Promise<void>;
      };
      const scales = trial.scales as ScaleQuestion[];
      const form = document.createElement('form');
      form.className = 'tf-rating';
      form.innerHTML = trial.preamble;
      for (const q of scales) {
        const fs = document.createElement('fieldset');
        fs.className = 'tf-scale';
        fs.dataset.name = q.name;
        const legend = document.createElement('legend');
        legend.textContent = q.prompt;
        fs.append(legend);
        const row = document.createElement('div');
        row.className = 'tf-points';
        row.style.gridTemplateColumns = `repeat(${q.points}, 1fr)`;
        for (let v = 1; v <= q.points; v++) {
          const label = document.createElement('label');
          const input = document.createElement('input');
          input.type = 'radio';
          input.name = q.name;
          input.value = String(v);
          input.required = true;
          const num = document.createElement('span');
          num.className = 'tf-num';
          num.textContent = String(v);
          const text = document.createElement('span');
          text.className = 'tf-anchor';
          text.textContent =
            q.anchors.length === q.points ? q.anchors[v - 1]! : v === 1 ? (q.anchors[0] ?? '') : v === q.points ? (q.anchors[1] ?? '') : '';
          label.append(input, num, text);
          row.append(label);
        }
        fs.append(row);
        const reason = document.createElement('textarea');
        reason.name = `${q.name}_reason`;
        reason.rows = 2;
        reason.placeholder = trial.reason_placeholder;
        reason.setAttribute('aria-label', trial.reason_prompt || trial.reason_placeholder);
        fs.append(reason);
        form.append(fs);
      }
      const button = document.createElement('button');
      button.type = 'submit';
      button.className = 'jspsych-btn tf-next';
      button.textContent = trial.button_label;
      form.append(button);
      el.innerHTML = '';
      el.append(form);
      const t0 = performance.now();
      (form.querySelector('input[type=radio]') as HTMLInputElement | null)?.focus();
      // Digit keys answer the focused scale (or the first one still open), outside the text boxes.
      form.addEventListener('keydown', (e) => {
        if (e.target instanceof HTMLTextAreaElement || !/^[1-9]$/.test(e.key)) return;
        const focused = (e.target as HTMLElement).closest?.('fieldset');
        const sets = [...form.querySelectorAll('fieldset')];
        const fs = focused ?? sets.find((f) => !f.querySelector('input:checked')) ?? sets[0];
        const input = fs?.querySelector<HTMLInputElement>(`input[value="${e.key}"]`);
        if (!input) return;
        e.preventDefault();
        input.checked = true;
        input.focus();
      });
      return new Promise<void>((resolve) => {
        form.addEventListener('submit', (e) => {
          e.preventDefault();
          if (button.disabled) return;
          const data = new FormData(form);
          const result: RatingResult = { ratings: {}, reasons: {}, rt: Math.round(performance.now() - t0) };
          for (const q of scales) {
            result.ratings[q.name] = Number(data.get(q.name));
            result.reasons[q.name] = String(data.get(`${q.name}_reason`) ?? '').trim();
          }
          button.disabled = true;
          void (async () => {
            await (trial.save as (r: RatingResult) => Promise<void>)(result);
            this.jsPsych.finishTrial({ ...result });
            resolve();
          })();
        });
      });
    }
  };
}

// ── practice ────────────────────────────────────────────────────────────────────────────────────

const practiceInfo = {
  name: 'twinfield-practice',
  version: '1.0.0',
  parameters: {
    config: { type: ParameterType.OBJECT, default: undefined },
    seconds: { type: ParameterType.FLOAT, default: undefined },
    left_text: { type: ParameterType.FUNCTION, default: (s: number) => `${s}` },
    save: { type: ParameterType.FUNCTION, default: async () => {} },
  },
  data: { frames: { type: ParameterType.INT } },
} as const;
type PracticeInfo = typeof practiceInfo;

export function practicePlugin(stage: Stage) {
  return class PracticePlugin implements JsPsychPlugin<PracticeInfo> {
    static info = practiceInfo;
    constructor(private readonly jsPsych: JsPsych) {}

    async trial(el: HTMLElement, t: TrialType<PracticeInfo>): Promise<void> {
      const trial = t as unknown as {
        config: Partial<MatchConfig> & { seed: number };
        seconds: number;
        left_text: (s: number) => string;
        save: () => Promise<void>;
      };
      el.innerHTML = '';
      const frames = await new Promise<number>((resolve) => {
        void stage.show(el, 'study-practice', {
          config: trial.config as Partial<MatchConfig> & { seed: number },
          frames: Math.round((trial.seconds as number) * 60),
          leftText: trial.left_text as (s: number) => string,
          onDone: resolve,
        });
      });
      stage.hide();
      await (trial.save as () => Promise<void>)();
      this.jsPsych.finishTrial({ frames });
    }
  };
}
