// What happened in a step, for views and sound. The sim only appends records to state.events;
// MatchRunner re-emits them through eventemitter3, so the sim never knows who listens.

export type SimEvent =
  | { type: 'shot'; side: number }
  | { type: 'kill'; side: number; x: number; y: number; kind: number; chain: number; score: number }
  | { type: 'enemy-hit'; side: number; x: number; y: number }
  | { type: 'hit'; side: number; x: number; y: number; lives: number }
  | { type: 'graze'; side: number; x: number; y: number }
  | { type: 'charge-level'; side: number; level: number }
  | { type: 'charge-attack'; side: number; level: number; x: number; y: number; radius: number }
  | { type: 'attack-sent'; from: number; to: number; kind: number; power: number }
  | { type: 'attack-arrived'; side: number; kind: number; power: number }
  | { type: 'wave'; index: number; level: number }
  | { type: 'maze-cleared'; side: number; cleared: number; bonus: number; next: string }
  | { type: 'heal'; side: number; x: number; y: number; lives: number }
  | { type: 'boss-phase'; side: number }
  | { type: 'match-end'; winner: number | null; reason: 'lives' | 'time' };

export type SimEventType = SimEvent['type'];
