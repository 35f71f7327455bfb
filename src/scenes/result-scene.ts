import Phaser from 'phaser';
import { UI } from '../art/palette';
import { addBackdrop } from '../views/backdrop';
import { GAME_H, GAME_W } from '../views/layout';
import type { SaveReplayResult } from './save-replay';
import { freshSeed, type MatchSetup } from './match-setup';
import type { MatchStart } from './match-scene';
import { Menu } from '../ui/menu';
import type { Decider } from '../sim/state';
import { characterLine, headline, howItEnded, playedLine } from './result-text';
import { formatFrames } from '../playback/format-time';
import { textStyle } from '../views/text';
import { adaptiveResultLine, adaptiveSetup, type AdaptiveOutcome } from './adaptive-match';
import { loadAdaptive } from '../storage/adaptive-store';
import { t, type Key } from '../i18n/i18n';

export interface ResultData {
  setup: MatchSetup;
  winner: number | null;
  reason: 'lives' | 'time';
  /** What decided a time-limit result or a double knock-out (MatchResult.decidedBy). */
  decidedBy?: Decider | null;
  frames: number;
  sides: {
    name: string;
    score: number;
    hits: number;
    kills: number;
    grazes: number;
    bestChain: number;
    lives: number;
    mazesCleared?: number;
    /** The side's character id (absent or 'neutral': the plain ship). */
    character?: string;
  }[];
  /** An Adaptive match: the state before and after it (already saved when the match ended). */
  adaptive?: AdaptiveOutcome;
  /** The replay being written to the library (every match is recorded). */
  saved?: Promise<SaveReplayResult>;
}

export class ResultScene extends Phaser.Scene {
  private data_!: ResultData;

  constructor() {
    super('result');
  }

  init(d: ResultData): void {
    this.data_ = d;
  }

  create(): void {
    addBackdrop(this);
    const d = this.data_;
    const cx = GAME_W / 2;
    const practice = d.sides.length === 1;
    const head = headline(d.winner, d.sides, [d.setup.p1, d.setup.p2]);
    const color =
      head === t('result.headline.youLose') ? UI.dim : practice || d.winner === null ? UI.accent : d.winner === 0 ? UI.p1 : UI.p2;
    this.add.text(cx, 70, head, textStyle(44, color, { fontStyle: 'bold', strokeThickness: 8 })).setOrigin(0.5);
    const c = d.setup.config;
    const maze = c.stages === 'maze';
    // Adaptive names the change of strength in place of the difficulty's name.
    const played = d.adaptive ? `${playedLine(c).split(' · ')[0]} · ${adaptiveResultLine(d.adaptive)}` : playedLine(c);
    this.add.text(cx, 112, played, textStyle(19, UI.text)).setOrigin(0.5);
    // The length as the Replays list writes it (whole seconds, rounded down): one match, one time.
    this.add
      .text(
        cx,
        138,
        t('result.info', { ended: howItEnded(d, practice, c.infiniteLives === true), time: formatFrames(d.frames), seed: c.seed }),
        textStyle(16, UI.dim),
      )
      .setOrigin(0.5);
    const rows: [Key, (s: ResultData['sides'][0]) => string][] = [
      ...(maze ? ([['result.rows.mazes', (s) => String(s.mazesCleared ?? 0)]] as [Key, (s: ResultData['sides'][0]) => string][]) : []),
      ['result.rows.score', (s) => String(s.score)],
      ['result.rows.hits', (s) => String(s.hits)],
      ['result.rows.kills', (s) => String(s.kills)],
      ['result.rows.bestChain', (s) => String(s.bestChain)],
      ['result.rows.grazes', (s) => String(s.grazes)],
      // With infinite lives (drills, practice runs) lives never go down: hits taken say it all.
      ...(c.infiniteLives
        ? []
        : ([['result.rows.lives', (s) => String(Math.max(0, s.lives))]] as [Key, (s: ResultData['sides'][0]) => string][])),
    ];
    const colX = practice ? [cx + 90] : [cx - 40, cx + 200];
    d.sides.forEach((s, i) => this.add.text(colX[i]!, 168, s.name, textStyle(18, i === 0 ? UI.p1 : UI.p2)).setOrigin(0.5));
    // Each side's character under its name; the rows move down (and closer) to make room.
    const chars = d.sides.map((s) => characterLine(s.character));
    chars.forEach((c, i) => c && this.add.text(colX[i]!, 190, c.text, textStyle(15, c.color)).setOrigin(0.5));
    const shift = chars.some(Boolean) ? 20 : 0;
    const rowY = (r: number): number => 198 + shift + r * (maze ? 27 : 30 - shift / 10);
    rows.forEach(([label, f], r) => {
      const y = rowY(r);
      this.add.text(practice ? cx - 140 : cx - 280, y, t(label), textStyle(18, UI.dim));
      d.sides.forEach((s, i) => this.add.text(colX[i]!, y, f(s), textStyle(20)).setOrigin(0.5, 0));
    });
    // The save may still be running when the player moves on: then the next scene gets it and
    // shows a failure there, so a "storage full" never goes unseen.
    let pending = d.saved;
    if (d.saved) {
      const note = this.add
        .text(cx, GAME_H - 46, t('result.saving'), textStyle(15, UI.dim, { wordWrap: { width: 820 }, align: 'center' }))
        .setOrigin(0.5);
      void d.saved.then((r) => {
        pending = undefined;
        if (!this.scene.isActive()) return;
        if (r.ok === true) note.setText(t('result.saved'));
        else if (r.ok === false) note.setText(r.error).setColor('#ff7080');
        else note.setText('');
      });
    }
    const toTitle = () => this.scene.start('title', { saved: pending });
    const menu = new Menu(
      this,
      [
        { id: 'again', label: t(practice ? 'result.again' : 'result.rematch') },
        { id: 'title', label: t('result.title') },
      ],
      cx,
      // Under the last row (a maze result with characters has the most rows), never over it.
      Math.max(396, rowY(rows.length - 1) + 44),
      (row) => {
        if (row.id === 'again') this.scene.start('match', { ...this.rematch(), saved: pending } satisfies MatchStart);
        else toTitle();
      },
    );
    menu.onBack = toTitle; // pad B, X, Backspace
  }

  /** The same match on a fresh seed; under Adaptive at the state the last match left (the saved one). */
  private rematch(): MatchSetup {
    const s = this.data_.setup;
    const seed = freshSeed();
    if (!s.adaptive) return { ...s, config: { ...s.config, seed } };
    const stages = s.config.stages === 'maze' ? 'maze' : 'open';
    return adaptiveSetup(loadAdaptive(), { seed, stages, maze: s.config.maze });
  }
}
