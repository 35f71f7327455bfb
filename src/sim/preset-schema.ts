// Building blocks of the preset schemas (CPU presets in src/cpu/presets, stage presets in
// stage-preset.ts): every tunable field carries its range, step, meaning and the paper's value as
// zod metadata, so a UI can generate its sliders and the docs their tables from the schema itself.
import { z } from 'zod';

export type FieldKind = 'int' | 'number' | 'boolean' | 'enum';

/** What a UI needs to edit one field: kind, range and step, meaning, the paper's value if any. */
export interface FieldMeta {
  kind: FieldKind;
  /** One line: what the field does. */
  description: string;
  min?: number;
  max?: number;
  /** Slider step (a UI hint; ints always step by whole numbers). */
  step?: number;
  /** Unit shown beside the value ('frames', 's', '×'). */
  unit?: string;
  /** The source paper's value, where it gives one. */
  paper?: number | boolean | string;
  /** Enum fields: the allowed values. */
  options?: readonly string[];
}

/** One field of a schema, flattened: `cpu.clearBelow`. */
export interface PresetField extends FieldMeta {
  path: string;
  /** The value used when the field is left out, if it has one. */
  default?: unknown;
}

type NumOpts = { min: number; max: number; step: number; description: string; unit?: string; paper?: number };

export function intField(o: NumOpts) {
  return z
    .int()
    .min(o.min)
    .max(o.max)
    .meta({ kind: 'int', ...o } satisfies FieldMeta);
}

export function numField(o: NumOpts) {
  return z
    .number()
    .min(o.min)
    .max(o.max)
    .meta({ kind: 'number', ...o } satisfies FieldMeta);
}

export function boolField(o: { description: string; paper?: boolean }) {
  return z.boolean().meta({ kind: 'boolean', ...o } satisfies FieldMeta);
}

export function enumField<const T extends readonly [string, ...string[]]>(options: T, o: { description: string; paper?: string }) {
  return z.enum(options).meta({ kind: 'enum', options, ...o } satisfies FieldMeta);
}

/** Preset names: used on command lines and in controller specs ('cpu:hard'). */
export const presetName = z
  .string()
  .regex(/^[a-z][a-z0-9-]*$/, 'must be lower-case letters, digits and dashes')
  .max(40);

interface ZodInternals {
  _zod: { def: { type: string; innerType?: z.ZodType; defaultValue?: unknown; shape?: Record<string, z.ZodType> } };
}

/**
 * Every tunable field of an object schema (nested objects flattened to `a.b`), in schema order,
 * with its metadata and default. Fields without metadata (name, label, description) are skipped.
 */
export function schemaFields(schema: z.ZodType, prefix = ''): PresetField[] {
  const out: PresetField[] = [];
  const shape = (schema as unknown as ZodInternals)._zod.def.shape;
  if (!shape) return out;
  for (const [key, s0] of Object.entries(shape)) {
    let s = s0;
    let def: { default?: unknown } = {};
    let d = (s as unknown as ZodInternals)._zod.def;
    if (d.type === 'default') {
      def = { default: d.defaultValue };
      s = d.innerType!;
      d = (s as unknown as ZodInternals)._zod.def;
    }
    if (d.type === 'object') {
      out.push(...schemaFields(s, `${prefix}${key}.`));
      continue;
    }
    const meta = z.globalRegistry.get(s) as FieldMeta | undefined;
    if (meta?.kind) out.push({ path: prefix + key, ...meta, ...def });
  }
  return out;
}

export class PresetError extends Error {
  readonly userFacing = true;
  constructor(message: string) {
    super(message);
    this.name = 'PresetError';
  }
}

/** Validates `data` with `schema`; throws PresetError naming the field (`where.field: reason`). */
export function parseWith<T>(schema: z.ZodType<T>, data: unknown, where: string): T {
  const r = schema.safeParse(data);
  if (r.success) return r.data;
  const issue = r.error.issues[0]!;
  let path = issue.path.map(String).join('.');
  if (issue.code === 'unrecognized_keys') path = [...issue.path.map(String), ...issue.keys].join('.');
  throw new PresetError(`${where}${path ? `.${path}` : ''}: ${issue.message}`);
}

/** Lookup key for names and labels: case and punctuation ignored ('I-Map+multi-frame' = 'imap-multi'). */
export function normName(s: string): string {
  return s.toLowerCase().replace(/[^a-z0-9]/g, '');
}
