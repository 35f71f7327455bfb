// Small HTML panels over the game canvas for what a canvas UI does badly: typing text (rename,
// tags, filter) and forms (the clip dialog). Key presses inside a panel never reach Phaser (its
// keyboard listens on window), so typing "+" or Space does not also drive the scene.
import { t } from '../i18n/i18n';

const STYLE_ID = 'tf-panel-style';
const CSS = `
.tf-panel{position:fixed;left:50%;top:50%;transform:translate(-50%,-50%);z-index:20;min-width:360px;max-width:min(92vw,640px);
  background:#120a2a;color:#eeeaff;border:2px solid #8a7cff;border-radius:10px;padding:16px 18px;
  font:15px "Trebuchet MS","DejaVu Sans",Verdana,"Twinfield JP",sans-serif;box-shadow:0 8px 40px #000a}
.tf-panel h2{margin:0 0 10px;font-size:18px;color:#ffd24a}
.tf-panel label{display:block;margin:8px 0 2px;color:#9a90c8;font-size:13px}
.tf-panel input[type=text],.tf-panel select{width:100%;box-sizing:border-box;background:#07030f;color:#eeeaff;
  border:1px solid #5d567e;border-radius:5px;padding:6px 8px;font:inherit}
.tf-panel .row{display:flex;gap:10px}.tf-panel .row>div{flex:1}
.tf-panel button{background:#231a44;color:#eeeaff;border:1px solid #8a7cff;border-radius:6px;padding:6px 14px;font:inherit;
  cursor:pointer;margin:10px 8px 0 0}
.tf-panel button:hover,.tf-panel button:focus{background:#3a2c70;outline:none}
.tf-panel button.primary{border-color:#ffd24a;color:#ffd24a}
.tf-panel button:disabled{opacity:.45;cursor:default}
.tf-panel .err{color:#ff8090;margin-top:8px;white-space:pre-wrap}
.tf-panel .note{color:#9a90c8;font-size:13px;margin-top:6px}
.tf-panel progress{width:100%;height:14px;margin-top:10px}
.tf-panel ul{list-style:none;padding:0;margin:6px 0 0;max-height:150px;overflow:auto}
.tf-panel li{display:flex;justify-content:space-between;align-items:center;gap:8px;font-size:13px;padding:2px 0}
.tf-panel li button{margin:0;padding:2px 8px;font-size:12px}
.tf-drop{position:fixed;inset:0;z-index:15;display:none;align-items:center;justify-content:center;background:#05020ecc;
  color:#ffd24a;font:28px "Trebuchet MS","DejaVu Sans","Twinfield JP",sans-serif;border:4px dashed #ffd24a;
  box-sizing:border-box;pointer-events:none}
`;

function ensureStyle(): void {
  if (document.getElementById(STYLE_ID)) return;
  const s = document.createElement('style');
  s.id = STYLE_ID;
  s.textContent = CSS;
  document.head.appendChild(s);
}

export function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attrs: Record<string, string> = {},
  ...children: (Node | string)[]
): HTMLElementTagNameMap[K] {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k === 'text') e.textContent = v;
    else e.setAttribute(k, v);
  }
  e.append(...children);
  return e;
}

/** A panel element, already in the page, whose key presses stay inside it. Esc calls onEscape. */
export function openPanel(title: string, onEscape: () => void): HTMLDivElement {
  ensureStyle();
  const p = el('div', { class: 'tf-panel', role: 'dialog', 'aria-label': title });
  p.append(el('h2', { text: title }));
  const stop = (e: KeyboardEvent) => {
    e.stopPropagation();
    if (e.type === 'keydown' && e.key === 'Escape') {
      e.preventDefault();
      onEscape();
    }
  };
  p.addEventListener('keydown', stop);
  p.addEventListener('keyup', stop);
  p.addEventListener('keypress', (e) => e.stopPropagation());
  document.body.appendChild(p);
  return p;
}

/**
 * Focuses after the key press that opened the panel has finished (else its character, e.g. the
 * R of "rename", lands in the text field).
 */
export function focusSoon(e: HTMLInputElement | HTMLSelectElement, select = false): void {
  setTimeout(() => {
    e.focus();
    if (select && e instanceof HTMLInputElement) e.select();
  }, 30);
}

/**
 * Asks for one line of text. Resolves with the text (Enter / OK) or null (Esc / Cancel).
 * `validate` may return an error message to show instead of closing.
 */
export function promptText(o: {
  title: string;
  label: string;
  value?: string;
  placeholder?: string;
  validate?: (v: string) => string | null;
}): Promise<string | null> {
  return new Promise((resolve) => {
    let done = false;
    const close = (v: string | null) => {
      if (done) return;
      done = true;
      panel.remove();
      resolve(v);
    };
    const panel = openPanel(o.title, () => close(null));
    const input = el('input', { type: 'text', 'aria-label': o.label, placeholder: o.placeholder ?? '' });
    input.value = o.value ?? '';
    const err = el('div', { class: 'err' });
    const submit = () => {
      const msg = o.validate?.(input.value) ?? null;
      if (msg) err.textContent = msg;
      else close(input.value);
    };
    input.addEventListener('keydown', (e) => {
      if (e.key === 'Enter') {
        e.preventDefault();
        submit();
      }
    });
    const ok = el('button', { class: 'primary', text: t('replays.panel.ok') });
    ok.onclick = submit;
    const cancel = el('button', { text: t('replays.panel.cancel') });
    cancel.onclick = () => close(null);
    panel.append(el('label', { text: o.label }), input, err, ok, cancel);
    focusSoon(input, true);
  });
}

/** The full-page "drop replay files here" veil (`text`: the words on it, in the player's language). */
export function dropVeil(text = t('replays.drop')): HTMLDivElement {
  ensureStyle();
  const v = el('div', { class: 'tf-drop', text });
  document.body.appendChild(v);
  return v;
}
