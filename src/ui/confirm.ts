// A yes/no question in a DOM panel (keyboard: Enter or Y yes, Esc or N no; or the buttons).
import { el, openPanel } from './dom-panel';

/** Resolves true for yes, false for no. The "no" button has the focus, so a stray Enter keeps things. */
export function confirmChoice(o: { title: string; message: string; yes: string; no: string }): Promise<boolean> {
  return new Promise((resolve) => {
    let done = false;
    const close = (v: boolean) => {
      if (done) return;
      done = true;
      panel.remove();
      resolve(v);
    };
    const panel = openPanel(o.title, () => close(false));
    const yes = el('button', { class: 'primary', text: o.yes });
    yes.onclick = () => close(true);
    const no = el('button', { text: o.no });
    no.onclick = () => close(false);
    panel.addEventListener('keydown', (e) => {
      if (e.key === 'y' || e.key === 'Y') close(true);
      else if (e.key === 'n' || e.key === 'N') close(false);
    });
    panel.append(el('div', { class: 'note', text: o.message }), yes, no);
    // After the key press that opened the panel has finished (else it would press the button).
    setTimeout(() => no.focus(), 30);
  });
}
