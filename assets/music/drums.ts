// Drum bars shared by the tracks (16 steps: k kick, s snare, h hat, o open hat, x kick+hat, t/T toms).
export const BEAT = {
  drive: 'x.h.s.h.x.hks.ho',
  drive2: 'x.hkh.s.h.x.s.hh',
  four: 'x.h.x.h.x.h.x.ho',
  fourS: 'x.h.s.h.x.h.s.ho',
  half: 'x.h.h.h.s.h.h.hk',
  shuffle: 'x..hs.h.x.hks.hh',
  sparse: 'k.......s.......',
  hats: 'h.h.h.h.h.h.h.hh',
  fill: 'x.h.s.h.s.ssTTtt',
  fill2: 'xsssTTTTttttssss',
  stop: 'k...............',
} as const;
