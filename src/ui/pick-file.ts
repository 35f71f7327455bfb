// Choosing a file from the person's disk from a keyboard-driven canvas menu. A browser opens its
// file dialog only on a real click or key press on the page's own elements, not from a key the game
// loop handles later, so a small panel offers a focused button that opens it. The panel code
// (dom-panel.ts) loads with the first pick, not before the title.
import { t } from '../i18n/i18n';

/** The chosen file's name and text, or null when the person cancels (Esc or the button). */
export async function pickTextFile(o: { title: string; message: string; accept: string }): Promise<{ name: string; text: string } | null> {
  const { el, openPanel } = await import('./dom-panel');
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
    const choose = el('button', { class: 'primary', text: t('options.dialog.chooseFile') });
    choose.onclick = () => input.click();
    const cancel = el('button', { text: t('options.dialog.cancel') });
    cancel.onclick = () => close(null);
    panel.append(el('div', { class: 'note', text: o.message }), choose, cancel, input);
    // After the key press that opened the panel has finished (else it would press the button).
    setTimeout(() => choose.focus(), 30);
  });
}
