// Which sound a sim event makes in a live match (the match scene plays it, panned to its field).
import type { SfxName } from '../audio/sfx';
import type { SimEvent } from '../sim/events';
import type { MatchSetup } from './match-setup';

/** The sound of `ev`, or null: a side's own shots sound only for a person (a CPU fires nonstop). */
export function eventSound(ev: SimEvent, setup: Pick<MatchSetup, 'p1' | 'p2'>): SfxName | null {
  switch (ev.type) {
    case 'shot':
      return setup[ev.side === 0 ? 'p1' : 'p2'] === 'human' ? 'shot' : null;
    case 'kill':
      return 'kill';
    case 'hit':
      return 'hit';
    case 'graze':
      return 'graze';
    case 'charge-level':
    case 'heal':
      return 'charge';
    case 'charge-attack':
    case 'maze-cleared':
      return 'bomb';
    case 'attack-sent':
      return 'send';
    case 'attack-arrived':
      return 'arrive';
    default:
      return null;
  }
}
