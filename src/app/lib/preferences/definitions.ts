// The browser preferences of spec §3.4: every key, its default, its validation and whether logout
// clears it. Keys cleared at logout are the ones that describe one account's activity, so the next
// person on the same device does not inherit them; display settings and referral attribution stay.
import { z } from 'zod';
import { BET_MODE_KEYS, type BetMode } from '../../../shared/money.ts';
import { PLAY_MODES, THIRD_PARTY_PROVIDERS } from '../../../shared/enums.ts';
import { lazySchema } from '../../../shared/api/lazy-schema.ts';
import { boardChipsSchema, storedBetMultiplierSchema } from '../../../shared/validation/preferences.ts';

interface Definition<T> {
  readonly schema: z.ZodType<T>;
  readonly defaultValue: T;
  readonly clearedOnLogout: boolean;
}

/** The schema is built when a stored value is first read or a value set: a first visit stores none. */
function define<T>(schema: () => z.ZodType<T>, defaultValue: T, clearedOnLogout = false): Definition<T> {
  return { schema: lazySchema(schema), defaultValue, clearedOnLogout };
}

/** Recent-list lengths of spec §9. */
export const RECENT_LIMITS = { betMultipliers: 5, bankAccounts: 4, draws: 4, drawTypes: 7 } as const;
export const DEFAULT_CHART_DRAWS = 50;

const drawTypeCode = lazySchema(() => z.string().regex(/^[A-Z0-9]{2,16}$/, { error: '彩种代码有误' }));
const recentList = <T>(item: z.ZodType<T>, max: number) => z.array(item).max(max, { error: `最多保存 ${max} 条记录` });

export const PREFERENCE_DEFINITIONS = {
  darkMode: define(() => z.boolean(), false),
  showBalance: define(() => z.boolean(), true),
  messageAlert: define(() => z.boolean(), true),
  newCustomerAlert: define(() => z.boolean(), false),
  gameOrderPopup: define(() => z.boolean(), true),
  boardChips: define<(number | null)[]>(() => boardChipsSchema, [null, null, null, null, null]),
  recentBetMultipliers: define(() => recentList(storedBetMultiplierSchema, RECENT_LIMITS.betMultipliers), [], true),
  customBetMultiplier: define(() => storedBetMultiplierSchema.nullable(), null, true),
  recentBankAccountIds: define(() => recentList(z.string().min(1).max(64), RECENT_LIMITS.bankAccounts), [], true),
  recentDraws: define(() =>
    recentList(z.object({ drawType: drawTypeCode, playMode: z.enum(PLAY_MODES) }), RECENT_LIMITS.draws),
    [],
    true,
  ),
  recentDrawTypes: define(() => recentList(drawTypeCode, RECENT_LIMITS.drawTypes), [], true),
  gamePrize: define(() => z.record(drawTypeCode, z.int().positive({ error: '奖金组必须为正整数' })), {}, true),
  cashType: define<BetMode>(() => z.enum(BET_MODE_KEYS as [BetMode, ...BetMode[]]), 'YUAN'),
  thirdPartyTransferProvider: define(() => z.enum(THIRD_PARTY_PROVIDERS).nullable(), null, true),
  chartDrawsCount: define(() => z.int().min(1, { error: '期数至少为 1' }).max(1000, { error: '期数不能超过 1000' }), DEFAULT_CHART_DRAWS),
  chartPattern: define(() => z.string().max(32).nullable(), null),
  /** 遗漏 and 冷热 under the numbers of the regular picker. */
  pickerChartStats: define(() => z.boolean(), false),
  loginRemember: define(() => z.boolean(), false),
  loginAccount: define(() => z.string().max(64), ''),
  loginMode: define(() => z.enum(['login', 'register']), 'register'),
  registrationId: define(() => z.string().min(1).max(64).nullable(), null),
  referralDomain: define(() => z.string().max(253).nullable(), null),
  referralSource: define(() => z.string().max(64).nullable(), null),
} as const;

export type PreferenceKey = keyof typeof PREFERENCE_DEFINITIONS;
export type PreferenceValues = {
  [K in PreferenceKey]: (typeof PREFERENCE_DEFINITIONS)[K] extends Definition<infer T> ? T : never;
};
export const PREFERENCE_KEYS = Object.keys(PREFERENCE_DEFINITIONS) as PreferenceKey[];
export const LOGOUT_CLEARED_KEYS = PREFERENCE_KEYS.filter((key) => PREFERENCE_DEFINITIONS[key].clearedOnLogout);

export function defaultPreferences(): PreferenceValues {
  const values = {} as Record<PreferenceKey, unknown>;
  for (const key of PREFERENCE_KEYS) values[key] = structuredClone(PREFERENCE_DEFINITIONS[key].defaultValue);
  return values as PreferenceValues;
}
