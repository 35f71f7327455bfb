// What the character select shares with scenes that are loaded before it (the title, the e2e hook):
// kept out of select-scene.ts so that reading them does not load the select (lazy-scenes.ts).

/** What the select shows now (for the e2e hook). */
export const selectInfo = { open: false, step: 0, focus: '', picks: [] as string[] };

/** The e2e hook's fresh title skips the select (older title-flow tests start neutral matches); a test turns it on. */
export const selectSettings = { skip: false };
