// A Tweakpane 4 panel generated from a preset schema's fields (src/sim/preset-schema.ts): numbers as
// sliders with the schema's range and step, booleans as checkboxes, enums as lists, the field's
// meaning as the row's hover text. The panel can only produce valid values: a typed number outside
// the range is refused (the value stays) and `onRefused` gets the reason.
import type { FolderApi, Pane } from 'tweakpane';
import { EN } from '../i18n/en';
import { language, t, type Key } from '../i18n/i18n';
import type { PresetField } from '../sim/preset-schema';

/** Whether the catalogue has `path` under `table` (a dotted path). */
function known(table: object, path: string): boolean {
  let o: unknown = table;
  for (const k of path.split('.')) o = o && typeof o === 'object' ? (o as Record<string, unknown>)[k] : undefined;
  return o !== undefined;
}

/**
 * A field's row label and meaning for the player: in English the schema's own (the path and its
 * description); in another language presets.fields.<path>.label / .description from the catalogue
 * (the schemas stay English: they are also the docs and the CLIs' words).
 */
export function fieldWords(f: PresetField): { label: string; description: string } {
  if (language() === 'en' || !known(EN.presets.fields, f.path)) return { label: f.path, description: f.description };
  return { label: t(`presets.fields.${f.path}.label` as Key), description: t(`presets.fields.${f.path}.description` as Key) };
}

/** A unit in the player's words (' frames', ' 秒'), with its leading space; '' for none. */
function unitWords(unit: string | undefined): string {
  if (!unit) return '';
  return ` ${Object.hasOwn(EN.presets.units, unit) ? t(`presets.units.${unit}` as Key) : unit}`;
}

/** An enum value as the list shows it ('restricted', '制限付き'). */
function optionWords(o: string): string {
  return Object.hasOwn(EN.presets.options, o) ? t(`presets.options.${o}` as Key) : o;
}

export type FlatValues = Record<string, number | boolean | string>;

/** `{ a: 1, b: { c: 2 } }` → `{ a: 1, 'b.c': 2 }` for the listed paths. */
export function flatten(preset: object, fields: readonly PresetField[]): FlatValues {
  const out: FlatValues = {};
  for (const f of fields) {
    let v: unknown = preset;
    for (const k of f.path.split('.')) v = (v as Record<string, unknown> | undefined)?.[k];
    if (typeof v === 'number' || typeof v === 'boolean' || typeof v === 'string') out[f.path] = v;
  }
  return out;
}

/** Writes flat values back into a copy of `preset` (nested paths included). */
export function unflatten<T extends object>(preset: T, values: FlatValues): T {
  const out = structuredClone(preset) as Record<string, unknown>;
  for (const [path, v] of Object.entries(values)) {
    const keys = path.split('.');
    let o = out;
    for (const k of keys.slice(0, -1)) o = (o[k] ??= {}) as Record<string, unknown>;
    o[keys[keys.length - 1]!] = v;
  }
  return out as T;
}

/** Why a typed number is refused for a field, or null when it is fine. */
export function refusal(f: PresetField, typed: number): string | null {
  const field = f.path;
  const unit = unitWords(f.unit);
  if (!Number.isFinite(typed)) return t('presets.refusal.nan', { field });
  if (f.kind === 'int' && !Number.isInteger(typed)) return t('presets.refusal.notWhole', { field, v: typed });
  if (f.min !== undefined && typed < f.min) return t('presets.refusal.below', { field, v: typed, min: f.min, unit });
  if (f.max !== undefined && typed > f.max) return t('presets.refusal.above', { field, v: typed, max: f.max, unit });
  return null;
}

function decimals(step: number | undefined): number {
  if (!step || step >= 1) return 0;
  return Math.min(6, Math.ceil(-Math.log10(step) - 1e-9));
}

/** The hover text of a field: meaning, range and the paper's value. */
export function fieldHint(f: PresetField): string {
  const range =
    f.min !== undefined && f.max !== undefined ? t('presets.hint.range', { min: f.min, max: f.max, unit: unitWords(f.unit) }) : '';
  const paper = f.paper !== undefined ? t('presets.hint.paper', { v: String(f.paper) }) : '';
  return `${fieldWords(f).description}${range}${paper}`;
}

export class PresetFieldsFolder {
  readonly values: FlatValues = {};
  private readonly bindings: { field: PresetField; api: ReturnType<FolderApi['addBinding']> }[] = [];
  private silent = false;

  constructor(
    readonly folder: FolderApi | Pane,
    readonly fields: readonly PresetField[],
    private readonly onChange: (values: FlatValues) => void,
    private readonly onRefused: (reason: string) => void,
  ) {
    for (const f of fields) {
      this.values[f.path] = f.kind === 'boolean' ? false : f.kind === 'enum' ? f.options![0]! : (f.min ?? 0);
      const label = fieldWords(f).label;
      const params =
        f.kind === 'enum'
          ? { label, options: Object.fromEntries(f.options!.map((o) => [optionWords(o), o])) }
          : f.kind === 'boolean'
            ? { label }
            : {
                label,
                min: f.min,
                max: f.max,
                step: f.kind === 'int' ? Math.max(1, f.step ?? 1) : f.step,
                format: (v: number) => v.toFixed(decimals(f.kind === 'int' ? 1 : f.step)),
              };
      const api = folder.addBinding(this.values, f.path, params);
      api.element.title = fieldHint(f);
      api.element.dataset.field = f.path;
      api.on('change', () => {
        if (!this.silent) this.onChange({ ...this.values });
      });
      this.bindings.push({ field: f, api });
      if (f.kind === 'int' || f.kind === 'number') this.guardTyping(api.element, f);
    }
  }

  /**
   * Tweakpane would clamp a typed number into the range by itself; read what was typed first and
   * refuse it with the reason instead.
   */
  private guardTyping(row: HTMLElement, f: PresetField): void {
    const check = (e: Event) => {
      const input = e.target;
      if (!(input instanceof HTMLInputElement) || input.type !== 'text') return;
      const typed = input.value.trim();
      if (typed === '') return;
      const why = refusal(f, Number(typed));
      if (!why) return;
      // Refused: Tweakpane never sees it (this listener runs first, in the capture phase), and the
      // box shows the value that stays.
      e.stopPropagation();
      e.preventDefault();
      input.value = String(this.values[f.path]);
      this.onRefused(t('presets.status.refused', { why }));
    };
    row.addEventListener('change', check, true);
    row.addEventListener('keydown', (e) => (e as KeyboardEvent).key === 'Enter' && check(e), true);
  }

  /** Shows `values` without reporting a change. */
  set(values: FlatValues): void {
    this.silent = true;
    try {
      Object.assign(this.values, values);
      for (const b of this.bindings) b.api.refresh();
    } finally {
      this.silent = false;
    }
  }

  setDisabled(disabled: boolean): void {
    for (const b of this.bindings) b.api.disabled = disabled;
  }
}
