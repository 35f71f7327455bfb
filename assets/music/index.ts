// Every music source by the name the game plays it under (src/audio/music-names.ts lists the names).
import type { MusicName } from '../../src/audio/music-names';
import { final } from './final';
import { lose, result, win } from './jingles';
import { maze } from './maze';
import { select } from './select';
import { title } from './title';
import type { TrackSource } from './types';
import { versus1 } from './versus-1';
import { versus2 } from './versus-2';
import { versus3 } from './versus-3';

export const MUSIC: Record<MusicName, TrackSource> = {
  title,
  select,
  'versus-1': versus1,
  'versus-2': versus2,
  'versus-3': versus3,
  maze,
  final,
  win,
  lose,
  result,
};
