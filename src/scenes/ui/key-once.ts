// Phaser 4.2's keyboard plugin handles its event queue as soon as a key event arrives and again at
// the next game step, skipping only an event equal to the one just before. When a keydown and
// its keyup both arrive within one frame (a quick tap on a slow frame), the keydown is handled
// twice: a menu moves two rows, Esc pauses and resumes at once. The queue holds the same event
// objects, so a handler wrapped here simply ignores an event object it has seen.

export function keyOnce<E extends object>(handler: (e: E) => void): (e: E) => void {
  const seen = new WeakSet<E>();
  return (e) => {
    if (seen.has(e)) return;
    seen.add(e);
    handler(e);
  };
}
