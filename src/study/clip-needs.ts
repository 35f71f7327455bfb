// The clips a study needs: one per (player, drill variant) its sets show. `study record` records
// the CPU ones and checks the human ones; "Record for a study" in the game offers the human ones.
import type { Study } from './schema';

export interface ClipNeed {
  playerId: string;
  /** players[index] in the study file. */
  playerIndex: number;
  variant: string;
  /** 1-based sets that show this clip. */
  sets: number[];
  kind: 'cpu' | 'human';
}

/** Every distinct (player, variant) clip the sets need, in order of first use. */
export function clipNeeds(study: Pick<Study, 'players' | 'sets'>): ClipNeed[] {
  const out = new Map<string, ClipNeed>();
  study.sets.forEach((st, i) => {
    for (const [pid, v] of [
      [st.a, st.variants[0]],
      [st.b, st.variants[1]],
    ] as const) {
      const k = `${pid}/${v}`;
      let n = out.get(k);
      if (!n) {
        const playerIndex = study.players.findIndex((p) => p.id === pid);
        n = { playerId: pid, playerIndex, variant: v, sets: [], kind: study.players[playerIndex]!.source === 'human' ? 'human' : 'cpu' };
        out.set(k, n);
      }
      n.sets.push(i + 1);
    }
  });
  return [...out.values()];
}

export interface HumanClip {
  player: string;
  label: string;
  variant: string;
}

/** The clips people must record: human players in study order, each one's variants sorted. */
export function humanClips(study: Pick<Study, 'players' | 'sets'>): HumanClip[] {
  const needs = clipNeeds(study).filter((n) => n.kind === 'human');
  return study.players.flatMap((p) =>
    needs
      .filter((n) => n.playerId === p.id)
      .map((n) => n.variant)
      .sort()
      .map((variant) => ({ player: p.id, label: p.label, variant })),
  );
}
