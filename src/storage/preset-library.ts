// The user's presets in the browser: custom CPU presets, stage presets and difficulty pairs in
// IndexedDB (database 'twinfield-presets'), each stored as the JSON data of its schema. Every write
// is validated first and is one transaction, so a bad import or a refused rename changes nothing.
//
// Stores (version 1): cpu, stage, pair — key: the preset's name; value: { name, data, savedAt }.
import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import { DODGE_PRESETS, type DodgePreset, parseDodgePreset } from '../cpu/presets';
import { DIFFICULTY_PAIRS, type DifficultyPair, parseDifficultyPair } from '../cpu/presets/pairs';
import { parseJsonText } from '../json/parse-json-text';
import { PresetError } from '../sim/preset-schema';
import { parseStagePreset, STAGE_PRESETS, type StagePreset } from '../sim/stage-preset';
import { storageError } from './storage-error';

export const PRESET_DB_NAME = 'twinfield-presets';
export const PRESET_DB_VERSION = 1;

export type PresetKind = 'cpu' | 'stage' | 'pair';
export interface PresetOf {
  cpu: DodgePreset;
  stage: StagePreset;
  pair: DifficultyPair;
}
type AnyPreset = PresetOf[PresetKind];

interface Stored {
  name: string;
  data: unknown;
  /** ms since 1970, for "last changed" (the library is outside the pure core). */
  savedAt: number;
}

interface PresetSchema extends DBSchema {
  cpu: { key: string; value: Stored };
  stage: { key: string; value: Stored };
  pair: { key: string; value: Stored };
}

const KINDS: readonly PresetKind[] = ['cpu', 'stage', 'pair'];
const KIND_WORD: Record<PresetKind, string> = { cpu: 'CPU preset', stage: 'stage preset', pair: 'difficulty pair' };
const BUILTIN_NAMES: Record<PresetKind, readonly string[]> = {
  cpu: DODGE_PRESETS.map((p) => p.name),
  stage: STAGE_PRESETS.map((p) => p.name),
  pair: DIFFICULTY_PAIRS.map((p) => p.name),
};

/** Validates preset data of a kind; throws PresetError naming the field. */
export function parsePreset<K extends PresetKind>(kind: K, data: unknown, where: string): PresetOf[K] {
  const p =
    kind === 'cpu' ? parseDodgePreset(data, where) : kind === 'stage' ? parseStagePreset(data, where) : parseDifficultyPair(data, where);
  return p as PresetOf[K];
}

/** Which kind a preset file holds, from its fields (CPU: depth; stage: speed; pair: stage + cpu). */
export function presetKindOf(data: unknown, where: string): PresetKind {
  if (!data || typeof data !== 'object' || Array.isArray(data)) throw new PresetError(`${where}: a preset file holds one JSON object`);
  const o = data as Record<string, unknown>;
  if ('depth' in o) return 'cpu';
  if ('speed' in o) return 'stage';
  if ('stage' in o && 'cpu' in o) return 'pair';
  throw new PresetError(`${where}: not a preset (a CPU preset has "depth", a stage preset "speed", a difficulty pair "stage" and "cpu")`);
}

/** A name not taken by a built-in or by `taken`: base-copy, base-copy-2, … */
export function freeName(base: string, taken: readonly string[]): string {
  const stem = base.replace(/-copy(-\d+)?$/, '').slice(0, 30);
  for (let i = 1; ; i++) {
    const n = i === 1 ? `${stem}-copy` : `${stem}-copy-${i}`;
    if (!taken.includes(n)) return n;
  }
}

export class PresetLibrary {
  private constructor(private readonly db: IDBPDatabase<PresetSchema>) {}

  static async open(name = PRESET_DB_NAME): Promise<PresetLibrary> {
    try {
      const db = await openDB<PresetSchema>(name, PRESET_DB_VERSION, {
        upgrade(db, oldVersion) {
          // Each step takes the database one version up, so any older one opens.
          if (oldVersion < 1) for (const k of KINDS) db.createObjectStore(k, { keyPath: 'name' });
        },
        blocked() {
          // Another tab holds an older version open: it is asked to close (versionchange below).
        },
      });
      // A newer version opened in another tab: let it upgrade rather than block it.
      db.addEventListener('versionchange', () => db.close());
      return new PresetLibrary(db);
    } catch (e) {
      throw storageError(e, 'open the preset library');
    }
  }

  close(): void {
    this.db.close();
  }

  /** The stored presets of a kind, valid ones only, and a line per stored record that no longer validates. */
  async list<K extends PresetKind>(kind: K): Promise<{ presets: PresetOf[K][]; invalid: string[] }> {
    const presets: PresetOf[K][] = [];
    const invalid: string[] = [];
    for (const r of await this.db.getAll(kind)) {
      try {
        presets.push(parsePreset(kind, r.data, `${KIND_WORD[kind]} '${r.name}'`));
      } catch (e) {
        invalid.push((e as Error).message);
      }
    }
    presets.sort((a, b) => a.name.localeCompare(b.name));
    return { presets, invalid };
  }

  /** Every name of a kind in use (built-in and stored). */
  async names(kind: PresetKind): Promise<string[]> {
    return [...BUILTIN_NAMES[kind], ...((await this.db.getAllKeys(kind)) as string[])];
  }

  /**
   * Saves a preset (validated). `replace` names the stored preset it overwrites (the same name when
   * editing, the old name when renaming); any other name already in use is refused.
   */
  async save<K extends PresetKind>(kind: K, data: unknown, replace?: string): Promise<PresetOf[K]> {
    const p = parsePreset(kind, data, KIND_WORD[kind]) as AnyPreset;
    if (BUILTIN_NAMES[kind].includes(p.name))
      throw new PresetError(`${KIND_WORD[kind]} '${p.name}': the name belongs to a built-in preset; choose another`);
    const tx = this.db.transaction(kind, 'readwrite');
    try {
      const store = tx.objectStore(kind);
      if (p.name !== replace && (await store.get(p.name)))
        throw new PresetError(`${KIND_WORD[kind]} '${p.name}': the name is already taken`);
      if (replace !== undefined && replace !== p.name) await store.delete(replace);
      await store.put({ name: p.name, data: p, savedAt: Date.now() });
      await tx.done;
    } catch (e) {
      // Nothing written in this transaction is kept (it may already have ended by itself).
      tx.done.catch(() => {});
      try {
        tx.abort();
      } catch {
        // already aborted or finished
      }
      if (e instanceof PresetError) throw e;
      throw storageError(e, `save the ${KIND_WORD[kind]} '${p.name}'`);
    }
    return p as PresetOf[K];
  }

  async delete(kind: PresetKind, name: string): Promise<void> {
    try {
      await this.db.delete(kind, name);
    } catch (e) {
      throw storageError(e, `delete the ${KIND_WORD[kind]} '${name}'`);
    }
  }

  /** Parses a preset file's text (any kind), validates it and saves it; nothing is stored when it is bad. */
  async importText(text: string, fileName: string): Promise<{ kind: PresetKind; preset: AnyPreset }> {
    const data = parseJsonText(text.replace(/^\uFEFF/, ''), fileName, (where, reason) => new PresetError(`${where}: ${reason}`));
    const kind = presetKindOf(data, fileName);
    const preset = await this.save(kind, data);
    return { kind, preset };
  }
}

/** A preset as the text of its `.json` file. */
export function presetFileText(preset: AnyPreset): string {
  return `${JSON.stringify(preset, null, 2)}\n`;
}
