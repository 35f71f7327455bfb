// The player's settings, one versioned record in localStorage ('twinfield.settings'), read field by
// field (src/storage/settings-schema.ts: a bad or old value falls back to its default, nothing else
// is lost). Storage blocked (privacy settings): the defaults, changes last for the visit.
import {
  ACTIONS,
  defaultSettings,
  keyConflict,
  languageOf,
  padConflict,
  parseSettings,
  settingsSchema,
  type Action,
  type PadAction,
  type Player,
  type Settings,
} from './settings-schema';

export * from './settings-schema';

export const SETTINGS_KEY = 'twinfield.settings';

/** Where settings are kept (localStorage in a browser, a Map in tests). */
export interface SettingsStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

/** What `reset` restores at once (a screen's "Restore defaults"). */
export type SettingsSection = 'p1Keys' | 'p2Keys' | 'pad' | 'sound' | 'display' | 'accessibility' | 'language' | 'all';

const SECTIONS: Record<Exclude<SettingsSection, 'all' | 'p1Keys' | 'p2Keys'>, (keyof Settings)[]> = {
  pad: ['pad'],
  sound: ['bgmVolume', 'sfxVolume'],
  display: ['scale', 'fullscreen', 'showFps'],
  accessibility: ['reducedFlashing', 'reducedShake', 'highContrastBullets'],
  language: ['language'],
};

export class SettingsStore {
  private value: Settings;
  private readonly defaults: Settings;
  private readonly listeners = new Set<(s: Readonly<Settings>, before: Readonly<Settings>) => void>();
  /** Why the last save failed (storage full or blocked), for the Options screen to say. */
  saveError: string | null = null;

  constructor(
    private readonly store: SettingsStorage | null,
    language?: string,
  ) {
    this.defaults = defaultSettings(languageOf(language));
    this.value = this.load();
  }

  private load(): Settings {
    let text: string | null = null;
    try {
      text = this.store?.getItem(SETTINGS_KEY) ?? null;
    } catch {
      // blocked: defaults for this visit
    }
    let raw: unknown = {};
    try {
      if (text) raw = JSON.parse(text);
    } catch {
      // not JSON (hand-edited, cut short): every field takes its default
    }
    return parseSettings(raw, this.defaults);
  }

  get(): Readonly<Settings> {
    return this.value;
  }

  /** The defaults (language from the browser's). */
  get defaultValues(): Readonly<Settings> {
    return this.defaults;
  }

  /** Changes some fields and saves. Throws on a value the schema refuses (a caller's bug). */
  set(patch: Partial<Settings>): void {
    const next = { ...structuredClone(this.value), ...structuredClone(patch) };
    const strict = settingsSchema(this.defaults).safeParse(next);
    for (const k of Object.keys(patch) as (keyof Settings)[])
      if (JSON.stringify(strict.data?.[k]) !== JSON.stringify(next[k])) throw new Error(`settings: bad value for ${k}`);
    this.commit(parseSettings(next, this.defaults));
  }

  /** Binds a key to a player's action; returns why not (nothing changes) or null. */
  bindKey(player: Player, action: Action, code: string): string | null {
    const why = keyConflict(this.value.keys, player, action, code);
    if (why) return why;
    const keys = structuredClone(this.value.keys);
    keys[player][action] = code;
    this.set({ keys });
    return null;
  }

  /** Binds one pad button to an action (replacing its buttons); returns why not or null. */
  bindPad(action: PadAction, button: number): string | null {
    const why = padConflict(this.value.pad.buttons, action, button);
    if (why) return why;
    const pad = structuredClone(this.value.pad);
    pad.buttons[action] = [button];
    this.set({ pad });
    return null;
  }

  reset(section: SettingsSection): void {
    const d = structuredClone(this.defaults);
    if (section === 'all') {
      this.commit({ ...d, ...this.unknownFields() });
      return;
    }
    if (section === 'p1Keys' || section === 'p2Keys') {
      const p = section === 'p1Keys' ? 'p1' : 'p2';
      const keys = structuredClone(this.value.keys);
      keys[p] = d.keys[p];
      // The other player may hold one of these defaults now: then both go back to the defaults.
      const clash = ACTIONS.some((a) => keyConflict(keys, p, a, keys[p][a]));
      this.set({ keys: clash ? d.keys : keys });
      return;
    }
    this.set(Object.fromEntries(SECTIONS[section].map((k) => [k, d[k]])) as Partial<Settings>);
  }

  /** Calls `fn` after each change (with the settings before it); returns the unsubscribe. */
  onChange(fn: (s: Readonly<Settings>, before: Readonly<Settings>) => void): () => void {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  }

  private unknownFields(): Record<string, unknown> {
    const known = new Set(Object.keys(this.defaults));
    return Object.fromEntries(Object.entries(this.value).filter(([k]) => !known.has(k)));
  }

  private commit(next: Settings): void {
    const before = this.value;
    this.value = next;
    try {
      this.store?.setItem(SETTINGS_KEY, JSON.stringify(next));
      this.saveError = null;
    } catch (e) {
      this.saveError = `Settings not saved (${e instanceof Error ? e.name : 'storage error'}): they last for this visit.`;
    }
    for (const fn of this.listeners) fn(next, before);
  }
}

function browserStorage(): SettingsStorage | null {
  try {
    return (globalThis as { localStorage?: SettingsStorage }).localStorage ?? null;
  } catch {
    return null;
  }
}

/** One store for the whole game. */
export const settings = new SettingsStore(browserStorage(), (globalThis as { navigator?: { language?: string } }).navigator?.language);
