// Debug overlay for a CPU side in maze stages (F3, with the dodger overlay): the planner's current
// route drawn over the maze (cells from the ship to the exit, attacks and heals marked, a square on
// the next stop — the dodger is pulled along the route to it), the ship tinted by its current
// action as in seed 001's figures (move / attack / heal), HP as current/max beside the ship, and a
// small legend. describe() reports what is shown (end-to-end tests find it by PLANNER_OVERLAY_NAME).
import type Phaser from 'phaser';
import type { CpuController } from '../cpu/cpu-controller';
import type { MazeAction } from '../cpu/maze-cpu';
import { FIELD_H } from '../sim/constants';
import { TILE } from '../sim/maze-state';
import type { SideState } from '../sim/state';
import type { FieldView } from './field-view';
import { setText, textStyle } from './text';
import { t, tn } from '../i18n/i18n';

/** Action colours, shared with the Planner lab. */
export const ACTION_COLORS: Record<MazeAction, number> = { move: 0x3d7bff, attack: 0xff3b30, heal: 0x3ddc55 };

/** Name of the overlay's Graphics object; its data key 'overlay' holds the PlannerOverlay (tests read describe()). */
export const PLANNER_OVERLAY_NAME = 'planner-overlay';

/** What the overlay shows now (for end-to-end tests). Cells are maze cells {x, y}. */
export interface PlannerOverlayInfo {
  side: number;
  visible: boolean;
  action: MazeAction;
  /** The colour the ship is painted with (null: not painted). */
  shipTint: number | null;
  /** The route as drawn: the ship's cell, then the plan's cells to the exit. */
  route: { x: number; y: number }[];
  /** Cells of the planned attacks and heals drawn on the route. */
  attacks: { x: number; y: number }[];
  heals: { x: number; y: number }[];
  /** The stop: the next attack/heal cell or the exit (null while fighting: then the square is under the chaser). */
  stop: { x: number; y: number } | null;
  hp: string;
  legend: string;
}

export class PlannerOverlay {
  private readonly g: Phaser.GameObjects.Graphics;
  private readonly hp: Phaser.GameObjects.Text;
  private readonly legend: Phaser.GameObjects.Container;
  private readonly info: Phaser.GameObjects.Text;
  private visible = false;
  private shown: PlannerOverlayInfo;

  constructor(
    scene: Phaser.Scene,
    private readonly view: FieldView,
    private readonly cpu: CpuController,
  ) {
    const parent = view.debugLayer;
    this.g = scene.add.graphics().setName(PLANNER_OVERLAY_NAME);
    this.g.setData('overlay', this);
    this.shown = {
      side: view.sideIndex,
      visible: false,
      action: 'move',
      shipTint: null,
      route: [],
      attacks: [],
      heals: [],
      stop: null,
      hp: '',
      legend: '',
    };
    this.hp = scene.add.text(0, 0, '', textStyle(13, '#ffffff', { fontStyle: 'bold' })).setOrigin(0, 0.5);
    const items: Phaser.GameObjects.GameObject[] = [
      scene.add.rectangle(0, 0, 118, 86, 0x07030f, 0.78).setOrigin(0, 0).setStrokeStyle(1, 0xffffff, 0.25),
    ];
    (['move', 'attack', 'heal'] as const).forEach((a, i) => {
      items.push(scene.add.rectangle(8, 10 + i * 16, 10, 10, ACTION_COLORS[a]).setOrigin(0, 0));
      items.push(scene.add.text(24, 8 + i * 16, t(`match.planner.actions.${a}`), textStyle(11, '#eeeaff')));
    });
    this.info = scene.add.text(8, 56, '', textStyle(10, '#d8d0ff'));
    items.push(this.info);
    this.legend = scene.add.container(6, FIELD_H - 92, items);
    parent.add([this.g, this.hp, this.legend]);
    this.setVisible(false);
  }

  get side(): number {
    return this.view.sideIndex;
  }

  setVisible(on: boolean): void {
    this.visible = on;
    this.g.setVisible(on);
    this.hp.setVisible(on);
    this.legend.setVisible(on);
    this.shown.visible = on;
    if (!on) {
      this.view.setShipTint(null);
      this.shown.shipTint = null;
    }
  }

  /** What it shows now (a copy). */
  describe(): PlannerOverlayInfo {
    return JSON.parse(JSON.stringify(this.shown)) as PlannerOverlayInfo;
  }

  draw(side: SideState): void {
    if (!this.visible) return;
    const m = this.cpu.maze;
    const g = this.g;
    g.clear();
    const ship = side.ship;
    const shown = this.shown;
    if (!side.maze || ship.lives <= 0) {
      this.hp.setVisible(false);
      shown.route = [];
      return;
    }
    const color = ACTION_COLORS[m.action];
    const route = m.route;
    const c = (v: number) => (v + 0.5) * TILE;
    // The route: a dashed-looking chain of cell dots joined by a line, from the ship on.
    if (route.length > 1) {
      g.lineStyle(3, 0x000000, 0.45);
      g.beginPath();
      g.moveTo(ship.x, ship.y);
      for (let k = 1; k < route.length; k++) g.lineTo(c(route[k]!.x), c(route[k]!.y));
      g.strokePath();
      g.lineStyle(1.5, 0xffffff, 0.85);
      g.beginPath();
      g.moveTo(ship.x, ship.y);
      for (let k = 1; k < route.length; k++) g.lineTo(c(route[k]!.x), c(route[k]!.y));
      g.strokePath();
      g.fillStyle(0xffffff, 0.85);
      for (let k = 1; k < route.length; k++) g.fillCircle(c(route[k]!.x), c(route[k]!.y), 1.5);
    }
    shown.route = route.map((q) => ({ x: q.x, y: q.y }));
    shown.attacks = [];
    shown.heals = [];
    // Planned attacks and heals where they happen.
    const p = m.plan;
    if (p?.feasible) {
      p.actions.forEach((a, j) => {
        if (a.do === 'move') return;
        const cell = route[m.routeIndexOfAction[j]!]!;
        (a.do === 'attack' ? shown.attacks : shown.heals).push({ x: cell.x, y: cell.y });
        const x = c(cell.x);
        const y = c(cell.y);
        if (a.do === 'attack') {
          g.lineStyle(2, ACTION_COLORS.attack, 1);
          g.strokeCircle(x, y, 7);
          g.lineBetween(x - 4, y - 4, x + 4, y + 4);
          g.lineBetween(x - 4, y + 4, x + 4, y - 4);
        } else {
          g.lineStyle(2, ACTION_COLORS.heal, 1);
          g.strokeCircle(x, y, 7);
          g.lineBetween(x - 4, y, x + 4, y);
          g.lineBetween(x, y - 4, x, y + 4);
        }
      });
    }
    // A square on the stop the ship walks to along the route; fighting, where it lines up under the chaser.
    const stop = m.stopIndex >= 0 ? route[m.stopIndex] : undefined;
    shown.stop = stop ? { x: stop.x, y: stop.y } : null;
    g.lineStyle(1.5, color, 0.9);
    if (stop) g.strokeRect(c(stop.x) - 7, c(stop.y) - 7, 14, 14);
    else if (!Number.isNaN(m.goalX)) g.strokeRect(m.goalX - 7, m.goalY - 7, 14, 14);
    // The ship: tinted by its action, with a ring in the same colour so it reads over bullets.
    this.view.setShipTint(color);
    shown.action = m.action;
    shown.shipTint = color;
    g.lineStyle(2, color, 0.95);
    g.strokeCircle(ship.x, ship.y, 13);
    this.hp.setVisible(true);
    setText(this.hp, `${m.hp}/${m.maxHp}`);
    const right = ship.x > 330;
    this.hp.setOrigin(right ? 1 : 0, 0.5).setPosition(ship.x + (right ? -17 : 17), ship.y - 10);
    const kills = p?.feasible ? p.killed.length : 0;
    setText(this.info, `${m.mode} · ${m.objective}\n${tn('match.planner.plan', kills)}`);
    shown.hp = this.hp.text;
    shown.legend = this.info.text;
    this.legend.setY(ship.y > FIELD_H - 120 && ship.x < 140 ? 6 : FIELD_H - 92);
  }
}
