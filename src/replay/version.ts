// The game's version (package.json), stored in every replay beside the sim version. Vite and tsx
// both inline the one field; nothing else of package.json reaches the bundle.
import { version } from '../../package.json';

export const GAME_VERSION: string = version;
