// Choosing a file from the person's disk from a keyboard-driven canvas menu. A browser opens its
// file dialog only on a real click or key press on the page's own elements, not from a key the game
// loop handles later, so a small panel offers a focused button that opens it.
import { el, openPanel } from './dom-panel';

/** The chosen file's name and text, or null when the person cancels (Esc or the button). */
export function pickTextFile(o: { title: string; message: string; accept: string }): Promise<{ name: string; text: string } | null> {
  return new Promise((resolve) => {
    let done = false;
    const close = (v: { name: string; text: string } | null) => {
      if (done) return;
      done = true;
      panel.remove();
      input.remove();
      resolve(v);
    };
    const input = el('input', { type: 'file', accept: o.accept, style: 'display:none' });
    input.addEventListener('change', () => {
      const file = input.files?.[0];
      if (!file) return;
      void file.text().then(
        (text) => close({ name: file.name, text }),
        () => close(null),
      );
    });
    const panel = openPanel(o.title, () => close(null));
    const choose = el('button', { class: 'primary', text: 'Choose file…' });
    choose.onclick = () => input.click();
    const cancel = el('button', { text: 'Cancel' });
    cancel.onclick = () => close(null);
    panel.append(el('div', { class: 'note', text: o.message }), choose, cancel, input);
    // After the key press that opened the panel has finished (else it would press the button).
    setTimeout(() => choose.focus(), 30);
  });
}
