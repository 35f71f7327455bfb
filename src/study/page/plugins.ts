// The study's own jsPsych 8 plugins: the replay clip (drawn by the game), the rating form (scales
// with anchor labels and free text, keyboard-friendly: native radios and a submit button) and
// the practice play. Each awaits `save` (the IndexedDB write) before it finishes the trial, so an
// answer is on disk before the next screen appears.
import { type JsPsych, type JsPsychPlugin, ParameterType, type TrialType } from 'jspsych';
import type { Replay } from '../../replay';
import type { MatchConfig } from '../../sim/config';
import type { HudLabels } from '../../views/hud-labels';
import type { Played, Stage } from './stage';

/**
 * Required radio groups say so in the page's language (not the browser's): every radio of a group
 * carries `message` as its validity message until one of the group is chosen.
 */
export function requireChoice(form: HTMLFormElement, message: string): void {
  const groups = new Map<string, HTMLInputElement[]>();
  for (const r of form.querySelectorAll<HTMLInputElement>('input[type=radio][required]'))
    groups.set(r.name, [...(groups.get(r.name) ?? []), r]);
  for (const radios of groups.values()) {
    const update = () => {
      const chosen = radios.some((r) => r.checked);
      for (const r of radios) r.setCustomValidity(chosen ? '' : message);
    };
    for (const r of radios) r.addEventListener('change', update);
    update();
  }
}

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
    /** The HUD's words (default English). */
    labels: { type: ParameterType.OBJECT, default: undefined },
    /** Called once the clip's first frame is on screen. */
    on_playing: { type: ParameterType.FUNCTION, default: () => {} },
    /** Awaited with how the clip played before the trial ends (saving progress). */
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
        labels: HudLabels | undefined;
        on_playing: () => void;
        save: (played: Played) => Promise<void>;
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
      const played = await new Promise<Played>((resolve) => {
        void stage.show(el, 'study-clip', {
          replay,
          start: trial.start,
          end: trial.end,
          rate: trial.rate,
          labels: trial.labels,
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
      await (trial.save as (p: Played) => Promise<void>)(played);
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
    /** Shown (by the browser) when a scale is left unanswered, in the page's language. */
    required_text: { type: ParameterType.STRING, default: '' },
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
        required_text: string;
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
        // The study's reason prompt labels the free text (the placeholder only says it is optional).
        const reasonLabel = document.createElement('label');
        reasonLabel.className = 'tf-reason';
        const reasonText = document.createElement('span');
        reasonText.className = 'tf-reason-prompt';
        reasonText.textContent = trial.reason_prompt;
        const reason = document.createElement('textarea');
        reason.name = `${q.name}_reason`;
        reason.rows = 2;
        // The prompt above says what to write; without one the placeholder says it is optional.
        reason.placeholder = trial.reason_prompt ? '' : trial.reason_placeholder;
        if (!trial.reason_prompt) reason.setAttribute('aria-label', trial.reason_placeholder);
        reasonLabel.append(reasonText, reason);
        fs.append(reasonLabel);
        form.append(fs);
      }
      const button = document.createElement('button');
      button.type = 'submit';
      button.className = 'jspsych-btn tf-next';
      button.textContent = trial.button_label;
      form.append(button);
      el.innerHTML = '';
      el.append(form);
      if (trial.required_text) requireChoice(form, trial.required_text);
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
        input.dispatchEvent(new Event('change', { bubbles: true }));
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
    /** The HUD's words (default English). */
    labels: { type: ParameterType.OBJECT, default: undefined },
    save: { type: ParameterType.FUNCTION, default: async () => {} },
    /** Called with each round's replay (Replay, round) when the study records the practice; null: not recorded. */
    on_replay: { type: ParameterType.FUNCTION, default: null },
  },
  data: { frames: { type: ParameterType.INT }, wall_ms: { type: ParameterType.INT } },
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
        labels: HudLabels | undefined;
        save: (played: Played) => Promise<void>;
        on_replay: ((replay: Replay, round: number) => void) | null;
      };
      el.innerHTML = '';
      const played = await new Promise<Played>((resolve) => {
        void stage.show(el, 'study-practice', {
          config: trial.config as Partial<MatchConfig> & { seed: number },
          frames: Math.round((trial.seconds as number) * 60),
          leftText: trial.left_text as (s: number) => string,
          labels: trial.labels,
          onDone: resolve,
          onReplay: trial.on_replay ?? undefined,
        });
      });
      stage.hide();
      await (trial.save as (p: Played) => Promise<void>)(played);
      this.jsPsych.finishTrial({ frames: played.frames, wall_ms: played.wallMs });
    }
  };
}

// ── choice (attention check) ────────────────────────────────────────────────────────────────────

const choiceInfo = {
  name: 'twinfield-choice',
  version: '1.0.0',
  parameters: {
    title: { type: ParameterType.STRING, default: '' },
    prompt: { type: ParameterType.STRING, default: '' },
    options: { type: ParameterType.STRING, array: true, default: [] },
    button_label: { type: ParameterType.STRING, default: 'Next' },
    required_text: { type: ParameterType.STRING, default: '' },
    /** Awaited with the index chosen before the trial ends (saving it). */
    save: { type: ParameterType.FUNCTION, default: async () => {} },
  },
  data: { choice: { type: ParameterType.INT }, rt: { type: ParameterType.INT } },
} as const;
type ChoiceInfo = typeof choiceInfo;

/** One question with one answer among radio buttons (arrows choose, Enter submits). */
export function choicePlugin() {
  return class ChoicePlugin implements JsPsychPlugin<ChoiceInfo> {
    static info = choiceInfo;
    constructor(private readonly jsPsych: JsPsych) {}

    trial(el: HTMLElement, t: TrialType<ChoiceInfo>): Promise<void> {
      const trial = t as unknown as {
        title: string;
        prompt: string;
        options: string[];
        button_label: string;
        required_text: string;
        save: (choice: number) => Promise<void>;
      };
      const form = document.createElement('form');
      form.className = 'tf-page tf-choice';
      const h = document.createElement('h1');
      h.textContent = trial.title;
      const fs = document.createElement('fieldset');
      const legend = document.createElement('legend');
      legend.textContent = trial.prompt;
      fs.append(legend);
      for (const [i, o] of trial.options.entries()) {
        const label = document.createElement('label');
        const input = document.createElement('input');
        input.type = 'radio';
        input.name = 'choice';
        input.value = String(i);
        input.required = true;
        const text = document.createElement('span');
        text.textContent = o;
        label.append(input, text);
        fs.append(label);
      }
      const button = document.createElement('button');
      button.type = 'submit';
      button.className = 'jspsych-btn tf-next';
      button.textContent = trial.button_label;
      if (trial.title) form.append(h);
      form.append(fs, button);
      el.innerHTML = '';
      el.append(form);
      if (trial.required_text) requireChoice(form, trial.required_text);
      const t0 = performance.now();
      form.querySelector<HTMLInputElement>('input[type=radio]')?.focus();
      return new Promise<void>((resolve) => {
        form.addEventListener('submit', (e) => {
          e.preventDefault();
          if (button.disabled) return;
          const choice = Number(new FormData(form).get('choice'));
          button.disabled = true;
          void (async () => {
            await trial.save(choice);
            this.jsPsych.finishTrial({ choice, rt: Math.round(performance.now() - t0) });
            resolve();
          })();
        });
      });
    }
  };
}
