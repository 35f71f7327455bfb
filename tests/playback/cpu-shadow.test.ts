// The CPU shadow of playback: from frame 0 it is the recorded CPU (same input every frame, in open
// and maze stages); after a seek it starts afresh and no longer claims to be exact.
import { describe, expect, it } from 'vitest';
import { ReplayPlayer, type Replay } from '../../src/replay';
import { CpuShadow } from '../../src/playback/cpu-shadow';
import { playReplay } from '../replay/helpers';

function playAlong(player: ReplayPlayer, shadows: (CpuShadow | null)[], until: number): void {
  while (player.frame < until) {
    const inputs = player.inputsAt(player.frame);
    for (const s of shadows) s?.observe(player.state, inputs[s.side]!);
    if (!player.step()) break;
  }
}

describe('CpuShadow', () => {
  it('is made only for CPU sides with a readable preset', () => {
    const r = playReplay(30, {}, 'random:3', 'cpu:easy');
    const shadows = CpuShadow.forReplay(r);
    expect(shadows[0]).toBeNull();
    expect(shadows[1]?.controller.preset.name).toBe('easy');
    const broken: Replay = { ...r, sides: r.sides.map((s, i) => (i === 1 ? { ...s, preset: { name: 'easy', depth: 'deep' } } : s)) };
    expect(CpuShadow.forReplay(broken)[1]).toBeNull();
  });

  for (const [label, cfg] of [
    ['open stages', {}],
    ['maze stages', { stages: 'maze' as const, maze: 'pillars' }],
  ] as const) {
    it(`observed from frame 0 it presses what the recorded CPU pressed (${label})`, () => {
      const r = playReplay(600, cfg, 'cpu:normal', 'cpu:hard');
      const player = new ReplayPlayer(r);
      const shadows = CpuShadow.forReplay(r);
      playAlong(player, shadows, 600);
      for (const s of shadows) {
        expect(s!.since).toBe(0);
        expect(s!.firstMismatch).toBe(-1);
        expect(s!.exact).toBe(true);
        expect(s!.controller.plannedPath.count).toBeGreaterThan(0);
      }
    });
  }

  it('after a seek it starts afresh at the new frame and is no longer exact', () => {
    const r = playReplay(700, { stages: 'maze', maze: 'pillars' }, 'cpu:normal', 'cpu:hard');
    const player = new ReplayPlayer(r);
    const shadows = CpuShadow.forReplay(r);
    playAlong(player, shadows, 100);
    player.seek(600);
    playAlong(player, shadows, 660);
    for (const s of shadows) {
      expect(s!.since).toBe(600);
      expect(s!.exact).toBe(false);
      expect(s!.controller.maze.route.length).toBeGreaterThan(0);
    }
    // Observing the same frame twice changes nothing.
    const before = shadows[0]!.since;
    shadows[0]!.observe(player.state, player.inputsAt(player.frame)[0]!);
    shadows[0]!.observe(player.state, player.inputsAt(player.frame)[0]!);
    expect(shadows[0]!.since).toBe(before);
  });

  it('restart() makes the next frame a fresh start, so its view depends only on where it starts', () => {
    const r = playReplay(400, {}, 'cpu:normal', 'random:2');
    const a = new ReplayPlayer(r);
    const [sa] = CpuShadow.forReplay(r);
    playAlong(a, [sa!], 200); // watched from 0:00 up to here (it would go on as the recorded CPU)…
    sa!.restart();
    playAlong(a, [sa!], 260);
    const b = new ReplayPlayer(r);
    const [sb] = CpuShadow.forReplay(r);
    b.seek(200); // …or none: the same view from frame 200 on
    playAlong(b, [sb!], 260);
    expect(sa!.since).toBe(200);
    expect(sb!.since).toBe(200);
    expect(Array.from(sa!.controller.influenceMap().values)).toEqual(Array.from(sb!.controller.influenceMap().values));
    expect(sa!.controller.plannedPath.count).toBe(sb!.controller.plannedPath.count);
  });
});
