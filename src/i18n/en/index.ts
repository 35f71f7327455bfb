// The English catalogue: one object, one JSON file per area of the game (the files a translator edits).
// Loaded with the game (English is the default); src/i18n/ja is its Japanese twin, loaded on demand.
import common from './common.json';
import lab from './lab.json';
import match from './match.json';
import options from './options.json';
import playback from './playback.json';
import presets from './presets.json';
import replays from './replays.json';
import result from './result.json';
import select from './select.json';
import story from './story.json';
import title from './title.json';

export const EN = { common, title, select, options, match, result, story, replays, playback, presets, lab };
