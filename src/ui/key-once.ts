// Phaser 4.2's keyboard plugin (KeyboardPlugin.update in node_modules/phaser/src/input/keyboard)
// runs on every DOM key event, and each run replays the whole queue of the current game step (it
// is cleared only after the step, KeyboardManager.postUpdate). The only guard skips an event equal
// to the one handled just before (same code, type and timestamp). A single tap within one step is
// therefore handled once (the replayed keydown equals the event before the keyup), but with three
// or more events in one step (two quick taps, or Shift and a key tapped together) the
// earlier ones are handled again: a menu moves two rows, a value steps twice. The queue holds the
// same event objects, so a handler wrapped here simply ignores an event object it has seen.

export function keyOnce<E extends object>(handler: (e: E) => void): (e: E) => void {
  const seen = new WeakSet<E>();
  return (e) => {
    if (seen.has(e)) return;
    seen.add(e);
    handler(e);
  };
}
