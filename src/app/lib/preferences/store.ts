// Preferences live in memory for synchronous reads, are written through to IndexedDB, and the
// colour scheme is mirrored to localStorage so the first paint (index.html) and Mantine can read
// it synchronously. Values read back from storage that fail validation fall back to the default.
import { createStore, delMany, getMany, set, type UseStore } from 'idb-keyval';
import {
  LOGOUT_CLEARED_KEYS,
  PREFERENCE_DEFINITIONS,
  PREFERENCE_KEYS,
  defaultPreferences,
  type PreferenceKey,
  type PreferenceValues,
} from './definitions.ts';

export const COLOR_SCHEME_MIRROR_KEY = 'jinli-color-scheme';

export class PreferenceValidationError extends Error {
  override name = 'PreferenceValidationError';
}

type Listener = () => void;

export interface PreferenceStoreOptions {
  idbStore?: () => UseStore;
  storage?: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> | null;
}

function safeLocalStorage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

export class PreferenceStore {
  private values: PreferenceValues = defaultPreferences();
  private readonly listeners = new Set<Listener>();
  private readonly idbFactory: () => UseStore;
  private idb: UseStore | undefined;
  private readonly mirror: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> | null;
  private writes: Promise<unknown> = Promise.resolve();

  constructor(options: PreferenceStoreOptions = {}) {
    this.idbFactory = options.idbStore ?? (() => createStore('jinli-preferences', 'preferences'));
    this.mirror = options.storage === undefined ? safeLocalStorage() : options.storage;
    const mirrored = this.readMirror();
    if (mirrored !== null) this.values.darkMode = mirrored;
  }

  private db(): UseStore {
    return (this.idb ??= this.idbFactory());
  }

  private readMirror(): boolean | null {
    try {
      const value = this.mirror?.getItem(COLOR_SCHEME_MIRROR_KEY);
      return value === 'dark' ? true : value === 'light' ? false : null;
    } catch {
      return null;
    }
  }

  private writeMirror(darkMode: boolean): void {
    try {
      this.mirror?.setItem(COLOR_SCHEME_MIRROR_KEY, darkMode ? 'dark' : 'light');
    } catch {
      // Storage can be disabled (private mode); IndexedDB still holds the value.
    }
  }

  /** Reads every key from IndexedDB. Invalid stored values are dropped, not shown. */
  async load(): Promise<void> {
    const stored = await getMany(PREFERENCE_KEYS, this.db());
    const next = defaultPreferences() as Record<PreferenceKey, unknown>;
    const invalid: PreferenceKey[] = [];
    PREFERENCE_KEYS.forEach((key, index) => {
      const raw: unknown = stored[index];
      if (raw === undefined) {
        if (key === 'darkMode') next[key] = this.values.darkMode;
        return;
      }
      const parsed = PREFERENCE_DEFINITIONS[key].schema.safeParse(raw);
      if (parsed.success) next[key] = parsed.data;
      else invalid.push(key);
    });
    this.values = next as PreferenceValues;
    this.writeMirror(this.values.darkMode);
    if (invalid.length > 0) this.enqueue(() => delMany(invalid, this.db()));
    this.emit();
  }

  get<K extends PreferenceKey>(key: K): PreferenceValues[K] {
    return this.values[key];
  }

  snapshot(): Readonly<PreferenceValues> {
    return this.values;
  }

  /** Validates and stores a value; throws PreferenceValidationError with a Chinese message. */
  set<K extends PreferenceKey>(key: K, value: PreferenceValues[K]): void {
    const parsed = PREFERENCE_DEFINITIONS[key].schema.safeParse(value);
    if (!parsed.success) throw new PreferenceValidationError(parsed.error.issues[0]?.message ?? '设置值无效');
    const next = parsed.data as PreferenceValues[K];
    if (JSON.stringify(next) === JSON.stringify(this.values[key])) return;
    this.values = { ...this.values, [key]: next };
    if (key === 'darkMode') this.writeMirror(next as boolean);
    this.enqueue(() => set(key, next, this.db()));
    this.emit();
  }

  /** Puts keys back to their defaults (logout, or a colour-scheme reset). */
  reset(keys: readonly PreferenceKey[]): void {
    const defaults = defaultPreferences();
    const next = { ...this.values } as Record<PreferenceKey, unknown>;
    for (const key of keys) next[key] = defaults[key];
    this.values = next as PreferenceValues;
    if (keys.includes('darkMode')) this.writeMirror(this.values.darkMode);
    this.enqueue(() => delMany([...keys], this.db()));
    this.emit();
  }

  clearForLogout(): void {
    this.reset(LOGOUT_CLEARED_KEYS);
  }

  /** Another tab changed the colour scheme. */
  syncMirror(): void {
    const mirrored = this.readMirror();
    if (mirrored !== null && mirrored !== this.values.darkMode) {
      this.values = { ...this.values, darkMode: mirrored };
      this.emit();
    }
  }

  subscribe(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Resolves when every write so far has reached IndexedDB. */
  settled(): Promise<void> {
    return this.writes.then(() => undefined);
  }

  private enqueue(write: () => Promise<unknown>): void {
    // Writes are ordered and a failed write (storage full, private mode) never breaks the app.
    this.writes = this.writes.then(write).catch(() => undefined);
  }

  private emit(): void {
    for (const listener of this.listeners) listener();
  }
}

export const preferences = new PreferenceStore();
