import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { decodeReplay, ReplayPlayer } from '../../src/replay';
import { hashState } from '../../src/sim/hash';
import { formatFrames } from '../../src/playback/format-time';
import { barVisible, fitHelp, MAX_STEPS_PER_FRAME, STEP_MS, timelineFrame, timelineX, Transport } from '../../src/playback/transport';

const bytes = readFileSync('tests/fixtures/replays/open-normal-vs-hard.twrp');

function setup() {
  const player = new ReplayPlayer(decodeReplay(bytes));
  const jumps: [number, number][] = [];
  let desyncs = 0;
  const t = new Transport(player, { advance: () => player.step(), jumped: (a, b) => jumps.push([a, b]), desync: () => desyncs++ });
  return { player, t, jumps, desyncs: () => desyncs };
}

describe('playback transport', () => {
  it('turns rendered time into sim steps at the chosen speed, carrying the remainder', () => {
    const { player, t } = setup();
    expect(t.tick(1000)).toBe(0); // paused: nothing
    t.togglePlay();
    expect(t.tick(STEP_MS * 2.5)).toBe(2);
    expect(t.tick(STEP_MS * 0.5)).toBe(1); // the half step left over
    t.faster();
    t.faster(); // 4×
    expect(t.speed).toBe(4);
    expect(t.tick(STEP_MS)).toBe(4);
    expect(player.frame).toBe(7);
    // A very slow frame is capped, so the page never freezes catching up.
    expect(t.tick(10_000)).toBe(MAX_STEPS_PER_FRAME);
    for (let i = 0; i < 9; i++) t.slower();
    expect(t.speed).toBe(0.25);
    expect(t.tick(STEP_MS * 4)).toBe(1);
  });

  it('plays to the end and stops; playing again starts from 0:00', () => {
    const { player, t } = setup();
    t.setSpeed(8);
    t.togglePlay();
    let guard = 0;
    while (t.playing && guard++ < 1000) t.tick(100);
    expect(player.atEnd).toBe(true);
    expect(player.frame).toBe(player.frames);
    t.togglePlay();
    expect([t.playing, player.frame]).toEqual([true, 0]);
  });

  it('seeks by rounding and clamping, drops the accumulator, reports jumps; steps only while paused', () => {
    const { player, t, jumps } = setup();
    expect(t.seekTo(120.4)).toBe(120);
    expect(t.seekTo(-50)).toBe(0);
    expect(t.seekTo(1e9)).toBe(player.frames);
    expect(t.seekBy(-60)).toBe(player.frames - 60);
    expect(jumps).toEqual([
      [0, 120],
      [120, 0],
      [0, player.frames],
      [player.frames, player.frames - 60],
    ]);
    expect(t.stepFrame(1)).toBe(true);
    expect(player.frame).toBe(player.frames - 59);
    expect(t.stepFrame(-1)).toBe(true);
    expect(t.stepFrame(-1)).toBe(true);
    expect(player.frame).toBe(player.frames - 61);
    t.togglePlay();
    expect(t.stepFrame(1)).toBe(false);
    // A seek lands on the same state as playing there.
    const fresh = new ReplayPlayer(decodeReplay(bytes));
    for (let i = 0; i < 300; i++) fresh.step();
    t.seekTo(300);
    expect(hashState(player.state)).toBe(hashState(fresh.state));
  });

  it('stops at a desync and will not play past it', () => {
    const r = decodeReplay(bytes);
    r.checksums[4] = { ...r.checksums[4]!, hash: '0000000000000000' };
    const player = new ReplayPlayer(r);
    let desyncs = 0;
    const t = new Transport(player, { advance: () => player.step(), desync: () => desyncs++ });
    t.setSpeed(8);
    t.togglePlay();
    for (let i = 0; i < 200 && t.playing; i++) t.tick(100);
    expect(player.frame).toBe(300);
    expect(t.playing).toBe(false);
    expect(desyncs).toBe(1);
    t.togglePlay();
    expect(t.playing).toBe(false);
    expect(desyncs).toBe(2);
    expect(t.status()).toMatch(/^■ desync {2}8×/);
  });

  it('writes the status line with the shared time format', () => {
    const { t } = setup();
    t.seekTo(1199);
    expect(t.status(['· survey'])).toBe('❚❚  1×   0:19 / 0:20   frame 1199   · survey');
    t.seekTo(659);
    expect(t.status()).toBe('❚❚  1×   0:10 / 0:20   frame 659');
    expect(formatFrames(3599)).toBe('0:59');
    expect(formatFrames(216_000)).toBe('1:00:00');
  });

  it('shows the control bar while paused, dragging or in a dialog, and for a while after input', () => {
    expect(barVisible({ playing: false, dragging: false, dialogOpen: false, sinceInputMs: 1e6 })).toBe(true);
    expect(barVisible({ playing: true, dragging: false, dialogOpen: false, sinceInputMs: 1e6 })).toBe(false);
    expect(barVisible({ playing: true, dragging: false, dialogOpen: false, sinceInputMs: 100 })).toBe(true);
    expect(barVisible({ playing: true, dragging: true, dialogOpen: false, sinceInputMs: 1e6 })).toBe(true);
  });

  it('maps frames to timeline x and back', () => {
    const g = { x: 20, w: 920, frames: 1200 };
    expect(timelineX(g, 0)).toBe(20);
    expect(timelineX(g, 600)).toBe(480);
    expect(timelineX(g, 5000)).toBe(940);
    expect(timelineFrame(g, 480)).toBe(600);
    expect(timelineFrame(g, -100)).toBe(0);
    expect(timelineFrame(g, 2000)).toBe(1200);
  });

  it('picks the longest help text that leaves a gap after the status, or none', () => {
    const v = [
      { text: 'long', width: 500 },
      { text: 'short', width: 200 },
    ];
    expect(fitHelp(300, 920, v)).toBe('long');
    expect(fitHelp(500, 920, v)).toBe('short');
    expect(fitHelp(800, 920, v)).toBe('');
  });
});
