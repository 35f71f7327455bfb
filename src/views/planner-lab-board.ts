// The Planner lab's board: the edited grid (walls, start, goals, heal pads, enemies and their routes)
// or the §3.5 graph, and during playback the agent's trail, this turn's plan and the agent tinted by
// what it did. Drawing only; the scene owns the model and the turn.
import type Phaser from 'phaser';
import type { RunResult } from '../cpu/planner/index';
import type { LabCell, LabModel } from '../lab/planner-lab-model';
import { ACTION_COLORS } from './planner-overlay';
import { textStyle } from './text';

export interface BoardRect {
  x: number;
  y: number;
  w: number;
  h: number;
}

const cellOf = (name: string): LabCell => {
  const [x, y] = name.split(',').map(Number) as [number, number];
  return { x, y };
};

export class PlannerLabBoard {
  private readonly gridG: Phaser.GameObjects.Graphics;
  private readonly playG: Phaser.GameObjects.Graphics;
  private labels: Phaser.GameObjects.Text[] = [];
  private cell = 36;
  private ox: number;
  private oy: number;

  constructor(
    private readonly scene: Phaser.Scene,
    private readonly rect: BoardRect,
  ) {
    this.gridG = scene.add.graphics();
    this.playG = scene.add.graphics();
    this.ox = rect.x;
    this.oy = rect.y;
  }

  /** Fits a grid model's cells into the board. */
  layout(m: LabModel): void {
    if (m.kind !== 'grid') return;
    const r = this.rect;
    this.cell = Math.max(6, Math.floor(Math.min(r.w / m.width, r.h / m.height)));
    this.ox = r.x + Math.floor((r.w - this.cell * m.width) / 2);
    this.oy = r.y + Math.floor((r.h - this.cell * m.height) / 2);
  }

  /** The grid cell under a screen point, or null outside the grid. */
  cellAt(m: LabModel, px: number, py: number): LabCell | null {
    if (m.kind !== 'grid') return null;
    const x = Math.floor((px - this.ox) / this.cell);
    const y = Math.floor((py - this.oy) / this.cell);
    return x >= 0 && y >= 0 && x < m.width && y < m.height ? { x, y } : null;
  }

  draw(m: LabModel, run: RunResult | null, turn: number, selected: number): void {
    for (const t of this.labels) t.destroy();
    this.labels = [];
    this.gridG.clear();
    this.playG.clear();
    if (m.kind === 'graph') this.drawGraph(m, run, turn);
    else this.drawGrid(m, run, turn, selected);
  }

  private label(x: number, y: number, s: string, color: string, size: number): void {
    this.labels.push(this.scene.add.text(x, y, s, textStyle(size, color, { fontStyle: 'bold' })).setOrigin(0.5));
  }

  private drawGrid(m: LabModel, run: RunResult | null, turn: number, selected: number): void {
    const g = this.gridG;
    const pg = this.playG;
    const s = this.cell;
    const cx = (c: LabCell) => this.ox + (c.x + 0.5) * s;
    const cy = (c: LabCell) => this.oy + (c.y + 0.5) * s;
    g.fillStyle(0x120a2a, 0.92).fillRect(this.ox - 2, this.oy - 2, m.width * s + 4, m.height * s + 4);
    for (let y = 0; y < m.height; y++) {
      for (let x = 0; x < m.width; x++) {
        if (m.walls[y * m.width + x]) g.fillStyle(0x5d567e, 1).fillRect(this.ox + x * s, this.oy + y * s, s, s);
      }
    }
    g.lineStyle(1, 0xffffff, 0.07);
    for (let x = 0; x <= m.width; x++) g.lineBetween(this.ox + x * s, this.oy, this.ox + x * s, this.oy + m.height * s);
    for (let y = 0; y <= m.height; y++) g.lineBetween(this.ox, this.oy + y * s, this.ox + m.width * s, this.oy + y * s);
    const fs = Math.max(8, Math.min(16, Math.floor(s * 0.45)));
    if (!m.healAnywhere) for (const h of m.heals) cross(g, cx(h), cy(h), s * 0.32, ACTION_COLORS.heal);
    for (const goal of m.goals) {
      g.fillStyle(0xffd24a, 0.35).fillRect(this.ox + goal.x * s + 1, this.oy + goal.y * s + 1, s - 2, s - 2);
      this.label(cx(goal), cy(goal), 'G', '#ffd24a', fs);
    }
    g.lineStyle(2, 0xffffff, 0.6).strokeRect(this.ox + m.start.x * s + 2, this.oy + m.start.y * s + 2, s - 4, s - 4);
    this.label(cx(m.start), cy(m.start), 'S', '#ffffff', Math.max(8, fs - 3));
    const h = run?.history[turn];
    // Enemy routes (red) in edit view; enemies where they are this turn in playback.
    m.enemies.forEach((e, i) => {
      if (!e.route.length) return;
      pg.lineStyle(2, 0xff5544, i === selected ? 0.9 : 0.4);
      pg.beginPath();
      pg.moveTo(cx(e), cy(e));
      for (const c of e.route) pg.lineTo(cx(c), cy(c));
      pg.strokePath();
    });
    const enemies = h ? h.enemies.map((e) => ({ i: e.enemy, c: cellOf(e.at) })) : m.enemies.map((e, i) => ({ i, c: e as LabCell }));
    for (const { i, c } of enemies) {
      const e = m.enemies[i]!;
      const r = s * 0.36;
      pg.fillStyle(0xff5544, 1)
        .fillTriangle(cx(c), cy(c) - r, cx(c) + r, cy(c), cx(c), cy(c) + r)
        .fillTriangle(cx(c), cy(c) - r, cx(c) - r, cy(c), cx(c), cy(c) + r);
      if (i === selected && !h) pg.lineStyle(2, 0xffffff, 1).strokeCircle(cx(c), cy(c), r + 3);
      if (s >= 20) this.label(cx(c), cy(c) + r + fs * 0.45, `${e.reward}/${e.damage}`, '#ffb0a8', Math.max(8, fs - 4));
    }
    if (!h || !run) return;
    // Trail of the agent so far, the plan of this turn, and the agent tinted by what it did.
    const hist = run.history;
    pg.lineStyle(Math.max(2, s * 0.12), 0xffffff, 0.25);
    pg.beginPath();
    pg.moveTo(cx(cellOf(hist[0]!.agent)), cy(cellOf(hist[0]!.agent)));
    for (let t = 1; t <= turn; t++) pg.lineTo(cx(cellOf(hist[t]!.agent)), cy(cellOf(hist[t]!.agent)));
    pg.strokePath();
    let at = cellOf(h.agent);
    pg.lineStyle(2, 0xfff3a0, 0.95);
    pg.beginPath();
    pg.moveTo(cx(at), cy(at));
    const marks: { c: LabCell; kind: 'attack' | 'heal' }[] = [];
    for (const a of h.planned) {
      if (a.do === 'move') {
        at = cellOf(a.at);
        pg.lineTo(cx(at), cy(at));
      } else marks.push({ c: at, kind: a.do });
    }
    pg.strokePath();
    for (const mk of marks) pg.lineStyle(2, ACTION_COLORS[mk.kind], 1).strokeCircle(cx(mk.c), cy(mk.c), s * 0.42);
    const did = h.done.some((a) => a.do === 'attack') ? 'attack' : h.done.some((a) => a.do === 'heal') ? 'heal' : 'move';
    const a = cellOf(h.agent);
    pg.fillStyle(ACTION_COLORS[did], 1).fillCircle(cx(a), cy(a), s * 0.3);
    pg.lineStyle(2, 0x07030f, 1).strokeCircle(cx(a), cy(a), s * 0.3);
    this.label(cx(a), cy(a) - s * 0.5 - fs * 0.3, `${h.hp}/${m.maxHp}`, '#ffffff', Math.max(9, fs - 2));
  }

  /** Graph presets (§3.5): nodes in columns by BFS depth from the start, edges as arrows. */
  private drawGraph(m: LabModel, run: RunResult | null, turn: number): void {
    const r = this.rect;
    const gj = m.graph as { graph: { nodes: string[]; edges: [string, string, number][] }; start: string; enemies?: { at: string }[] };
    const nodes = gj.graph.nodes;
    const depth = new Map<string, number>([[gj.start, 0]]);
    const queue = [gj.start];
    while (queue.length) {
      const u = queue.shift()!;
      for (const [a, b] of gj.graph.edges)
        if (a === u && !depth.has(b)) {
          depth.set(b, depth.get(u)! + 1);
          queue.push(b);
        }
    }
    const cols = new Map<number, string[]>();
    for (const n of nodes) {
      const d = depth.get(n) ?? 0;
      cols.set(d, [...(cols.get(d) ?? []), n]);
    }
    const maxD = Math.max(...cols.keys());
    const pos = new Map<string, { x: number; y: number }>();
    for (const [d, list] of cols)
      list.forEach((n, i) =>
        pos.set(n, { x: r.x + 40 + (d * (r.w - 80)) / Math.max(1, maxD), y: r.y + 60 + ((i + 0.5) * (r.h - 160)) / list.length }),
      );
    const g = this.gridG;
    g.lineStyle(2, 0x8a7cff, 0.8);
    for (const [a, b] of gj.graph.edges) {
      const p = pos.get(a)!;
      const q = pos.get(b)!;
      const dx = q.x - p.x;
      const dy = q.y - p.y;
      const len = Math.sqrt(dx * dx + dy * dy) || 1;
      const ux = dx / len;
      const uy = dy / len;
      const ex = q.x - ux * 20;
      const ey = q.y - uy * 20;
      g.lineBetween(p.x + ux * 20, p.y + uy * 20, ex, ey);
      g.fillStyle(0x8a7cff, 0.9).fillTriangle(
        ex,
        ey,
        ex - ux * 9 - uy * 5,
        ey - uy * 9 + ux * 5,
        ex - ux * 9 + uy * 5,
        ey - uy * 9 - ux * 5,
      );
    }
    const h = run?.history[turn];
    const live = new Set(h ? h.enemies.map((e) => e.at) : (gj.enemies ?? []).map((e) => e.at));
    for (const n of nodes) {
      const p = pos.get(n)!;
      g.fillStyle(live.has(n) ? 0x5a1a22 : 0x231a44, 1).fillCircle(p.x, p.y, 18);
      g.lineStyle(2, live.has(n) ? 0xff5544 : 0x8a7cff, 1).strokeCircle(p.x, p.y, 18);
      this.label(p.x, p.y, n, '#ffffff', 15);
    }
    if (!h || !run) return;
    // Every action of this turn's plan beside the nodes.
    let at = h.agent;
    const notes = new Map<string, string[]>();
    for (const a of h.planned) {
      if (a.do === 'move') at = a.at;
      else notes.set(at, [...(notes.get(at) ?? []), a.do]);
    }
    for (const [n, list] of notes) {
      const p = pos.get(n)!;
      this.label(p.x, p.y + 30, list.join(', '), list.includes('attack') ? '#ff8a7a' : '#8aff99', 11);
    }
    const p = pos.get(h.agent)!;
    const did = h.done.some((a) => a.do === 'attack') ? 'attack' : h.done.some((a) => a.do === 'heal') ? 'heal' : 'move';
    this.playG.lineStyle(4, ACTION_COLORS[did], 1).strokeCircle(p.x, p.y, 23);
    this.label(p.x, p.y - 32, `HP ${h.hp}/${m.maxHp}`, '#ffffff', 12);
  }
}

function cross(g: Phaser.GameObjects.Graphics, x: number, y: number, r: number, color: number): void {
  g.fillStyle(color, 0.85);
  g.fillRect(x - r, y - r * 0.3, 2 * r, r * 0.6);
  g.fillRect(x - r * 0.3, y - r, r * 0.6, 2 * r);
}
