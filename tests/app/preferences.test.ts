import { createStore, get, set } from 'idb-keyval';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  defaultPreferences,
  LOGOUT_CLEARED_KEYS,
  PREFERENCE_KEYS,
} from '../../src/app/lib/preferences/definitions.ts';
import { preferenceColorSchemeManager } from '../../src/app/lib/preferences/color-scheme.ts';
import { COLOR_SCHEME_MIRROR_KEY, PreferenceStore, PreferenceValidationError } from '../../src/app/lib/preferences/store.ts';

let dbCounter = 0;
let dbName: string;

class MemoryStorage {
  private readonly map = new Map<string, string>();
  getItem(key: string) {
    return this.map.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.map.set(key, value);
  }
  removeItem(key: string) {
    this.map.delete(key);
  }
}

let storage: MemoryStorage;

function makeStore() {
  return new PreferenceStore({ idbStore: () => createStore(dbName, 'preferences'), storage });
}

beforeEach(() => {
  dbCounter += 1;
  dbName = `prefs-test-${dbCounter}`;
  storage = new MemoryStorage();
});

describe('preference defaults (spec §3.4)', () => {
  it('has every key with its default', () => {
    expect(defaultPreferences()).toEqual({
      darkMode: false,
      showBalance: true,
      messageAlert: true,
      newCustomerAlert: false,
      gameOrderPopup: true,
      boardChips: [null, null, null, null, null],
      recentBetMultipliers: [],
      customBetMultiplier: null,
      recentBankAccountIds: [],
      recentDraws: [],
      recentDrawTypes: [],
      gamePrize: {},
      cashType: 'YUAN',
      thirdPartyTransferProvider: null,
      chartDrawsCount: 50,
      chartPattern: null,
      pickerChartStats: false,
      loginRemember: false,
      loginAccount: '',
      loginMode: 'register',
      registrationId: null,
      referralDomain: null,
      referralSource: null,
    });
  });

  it('clears at logout exactly the keys that describe one account’s activity', () => {
    expect([...LOGOUT_CLEARED_KEYS].sort()).toEqual(
      [
        'customBetMultiplier',
        'gamePrize',
        'recentBankAccountIds',
        'recentBetMultipliers',
        'recentDrawTypes',
        'recentDraws',
        'thirdPartyTransferProvider',
      ].sort(),
    );
    expect(PREFERENCE_KEYS).toHaveLength(23);
  });
});

describe('preference validation', () => {
  it('accepts board chips of 5 slots, each empty or a safe integer', () => {
    const store = makeStore();
    store.set('boardChips', [1, null, 100, null, 5000]);
    expect(store.get('boardChips')).toEqual([1, null, 100, null, 5000]);
  });

  it.each([
    ['4 slots', [1, 2, 3, 4]],
    ['6 slots', [1, 2, 3, 4, 5, 6]],
    ['a fraction', [1.5, null, null, null, null]],
    ['an unsafe integer', [2 ** 53, null, null, null, null]],
    ['a string', ['10', null, null, null, null]],
  ])('refuses board chips with %s', (_name, chips) => {
    const store = makeStore();
    expect(() => store.set('boardChips', chips as (number | null)[])).toThrow(PreferenceValidationError);
    expect(() => store.set('boardChips', chips as (number | null)[])).toThrow('筹码必须为 5 个整数或空位');
    expect(store.get('boardChips')).toEqual([null, null, null, null, null]);
  });

  it('accepts a multiplier above 0 and below 100000 and refuses the bounds', () => {
    const store = makeStore();
    store.set('customBetMultiplier', 99999);
    expect(store.get('customBetMultiplier')).toBe(99999);
    store.set('customBetMultiplier', 1);
    for (const bad of [0, -1, 100000, 250000]) {
      expect(() => store.set('customBetMultiplier', bad)).toThrow('倍数必须大于 0 且小于 100000');
    }
    expect(store.get('customBetMultiplier')).toBe(1);
  });

  it('checks every recent multiplier and the length of recent lists (spec §9)', () => {
    const store = makeStore();
    store.set('recentBetMultipliers', [1, 2, 3, 4, 5]);
    expect(() => store.set('recentBetMultipliers', [1, 2, 3, 4, 5, 6])).toThrow(PreferenceValidationError);
    expect(() => store.set('recentBetMultipliers', [1, 0])).toThrow(PreferenceValidationError);
    expect(() => store.set('recentDrawTypes', ['A1', 'A2', 'A3', 'A4', 'A5', 'A6', 'A7', 'A8'])).toThrow(PreferenceValidationError);
    expect(() => store.set('recentBankAccountIds', ['1', '2', '3', '4', '5'])).toThrow(PreferenceValidationError);
    expect(() => store.set('recentDraws', Array.from({ length: 5 }, () => ({ drawType: 'CQSSC', playMode: 'REGULAR' as const })))).toThrow(
      PreferenceValidationError,
    );
    expect(() => store.set('chartDrawsCount', 0)).toThrow('期数至少为 1');
  });
});

describe('preference persistence', () => {
  it('writes through to IndexedDB and a new page load reads it back', async () => {
    const first = makeStore();
    first.set('showBalance', false);
    first.set('boardChips', [10, 20, null, null, 50]);
    first.set('recentDrawTypes', ['CQSSC', 'BJPK10']);
    await first.settled();

    const second = makeStore();
    expect(second.get('showBalance')).toBe(true);
    await second.load();
    expect(second.get('showBalance')).toBe(false);
    expect(second.get('boardChips')).toEqual([10, 20, null, null, 50]);
    expect(second.get('recentDrawTypes')).toEqual(['CQSSC', 'BJPK10']);
  });

  it('drops stored values that fail validation and falls back to the default', async () => {
    const idb = createStore(dbName, 'preferences');
    await set('customBetMultiplier', 100000, idb);
    await set('boardChips', [1, 2, 3], idb);
    await set('chartDrawsCount', 30, idb);
    const store = makeStore();
    await store.load();
    expect(store.get('customBetMultiplier')).toBeNull();
    expect(store.get('boardChips')).toEqual([null, null, null, null, null]);
    expect(store.get('chartDrawsCount')).toBe(30);
    await store.settled();
    expect(await get('customBetMultiplier', idb)).toBeUndefined();
  });

  it('clears the logout set and keeps the rest', async () => {
    const store = makeStore();
    store.set('recentBetMultipliers', [2, 5]);
    store.set('gamePrize', { CQSSC: 1950 });
    store.set('darkMode', true);
    store.set('registrationId', 'demo-reg');
    store.set('loginAccount', 'demo_player');
    store.clearForLogout();
    expect(store.get('recentBetMultipliers')).toEqual([]);
    expect(store.get('gamePrize')).toEqual({});
    expect(store.get('darkMode')).toBe(true);
    expect(store.get('registrationId')).toBe('demo-reg');
    expect(store.get('loginAccount')).toBe('demo_player');
    await store.settled();
    const reloaded = makeStore();
    await reloaded.load();
    expect(reloaded.get('recentBetMultipliers')).toEqual([]);
    expect(reloaded.get('registrationId')).toBe('demo-reg');
  });

  it('notifies subscribers only on a real change', () => {
    const store = makeStore();
    let calls = 0;
    store.subscribe(() => {
      calls += 1;
    });
    store.set('showBalance', true);
    store.set('showBalance', false);
    store.set('showBalance', false);
    expect(calls).toBe(1);
  });
});

describe('colour scheme mirror', () => {
  it('mirrors dark mode to localStorage synchronously and starts from the mirror', () => {
    const store = makeStore();
    store.set('darkMode', true);
    expect(storage.getItem(COLOR_SCHEME_MIRROR_KEY)).toBe('dark');
    const next = makeStore();
    expect(next.get('darkMode')).toBe(true);
  });

  it('IndexedDB wins over a stale mirror once loaded', async () => {
    const first = makeStore();
    first.set('darkMode', true);
    await first.settled();
    storage.setItem(COLOR_SCHEME_MIRROR_KEY, 'light');
    const second = makeStore();
    expect(second.get('darkMode')).toBe(false);
    await second.load();
    expect(second.get('darkMode')).toBe(true);
    expect(storage.getItem(COLOR_SCHEME_MIRROR_KEY)).toBe('dark');
  });

  it('gives Mantine a synchronous manager backed by the preference', () => {
    const store = makeStore();
    const manager = preferenceColorSchemeManager(store);
    expect(manager.get('light')).toBe('light');
    const updates: string[] = [];
    manager.subscribe((value) => updates.push(value));
    manager.set('dark');
    expect(store.get('darkMode')).toBe(true);
    expect(manager.get('light')).toBe('dark');
    store.set('darkMode', false);
    expect(updates).toEqual(['dark', 'light']);
    manager.unsubscribe();
    manager.clear();
    expect(store.get('darkMode')).toBe(false);
  });
});
