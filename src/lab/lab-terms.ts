// The Planner lab's terms in plain words (hover a term, or H for all of them), after seed 001 §3.
export const LAB_TERMS: Readonly<Record<string, string>> = {
  λ: 'λ (lambda): the most damage the agent may take in total. HP never falls below max HP − λ, so λ ≤ max HP − 1 keeps it alive.',
  restricted:
    'restricted: each location is visited at most once (a one-way graph); fast (≈10 ms for 100 locations in the paper) but it ' +
    'can miss heals and kills that need a detour back.',
  unrestricted:
    'unrestricted: locations may repeat; the order of the enemies is fixed beforehand by D(i) = Dg(i) − Da(i), largest first. ' +
    'Slower (17–129 ms in the paper).',
  exact: "exact: the project's reference search over every order of enemies and heals; the true best plan, for small instances only.",
  objective: 'objective: "kills" maximises the total reward under λ (ties: least time); "shortest" goes to the goal in the least time.',
  heal: 'heal: −1 damage per heal action (never below 0); "anywhere" as in the paper, or only on heal pads.',
  turn: 'turn: the agent moves one cell and replans, since the enemies walk their routes; attacks and heals happen in place.',
};

/** The lab's help text: every term, one paragraph each. */
export function labHelp(): string {
  return Object.values(LAB_TERMS).join('\n\n');
}
