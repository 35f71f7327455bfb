// The Japanese catalogue: the same keys as src/i18n/en (a test holds them equal), loaded only when
// the language is Japanese (its own chunk in the build).
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

export const JA = { common, title, select, options, match, result, story, replays, playback, presets, lab };
