// Official fixed prize tables of 双色球, 大乐透 and 快乐8 as versioned data (reference §3): the version
// in force is chosen by the draw's issue number. Floating top prizes are paid at an amount the operator
// configures per draw type (shown on the rules page).
import { parseYuan, yuan, type Money } from '../../money.ts';
import { KENO_PICK_NAMES } from './categories/keno.ts';

export interface FixedPrizeEntry {
  /** Level name shown to players: 一等奖 …, or 选十中10 for 快乐8. */
  name: string;
  /** Fixed prize of one 2-元 注 in 0.0001 元; absent for floating levels. */
  amount?: Money;
  /** Upgraded fixed prize while the prize pool is high (大乐透 2026: pool ≥ 8亿). */
  highPoolAmount?: Money;
  floating?: boolean;
  /** Pays only while the 特别规定 are in force (双色球 2026 福运奖). */
  specialProvisionsOnly?: boolean;
}

export interface FixedPrizeVersion {
  id: string;
  name: string;
  /** First issue this version applies to; absent for the earliest version. */
  fromIssue?: string;
  /** Prize per winning pattern (the method's level id: 6+1, 5+2, 10中9 …); missing patterns pay nothing. */
  table: Readonly<Record<string, FixedPrizeEntry>>;
}

const money = (amountYuan: number): Money => parseYuan(String(amountYuan));
const fixed = (name: string, amountYuan: number, highPoolYuan?: number): FixedPrizeEntry =>
  highPoolYuan === undefined ? { name, amount: money(amountYuan) } : { name, amount: money(amountYuan), highPoolAmount: money(highPoolYuan) };
const floating = (name: string): FixedPrizeEntry => ({ name, floating: true });
const patterns = (entry: FixedPrizeEntry, ...ids: string[]): Record<string, FixedPrizeEntry> => Object.fromEntries(ids.map((id) => [id, entry]));

const SSQ_BASE: Record<string, FixedPrizeEntry> = {
  '6+1': floating('一等奖'),
  '6+0': floating('二等奖'),
  '5+1': fixed('三等奖', 3000),
  ...patterns(fixed('四等奖', 200), '5+0', '4+1'),
  ...patterns(fixed('五等奖', 10), '4+0', '3+1'),
  ...patterns(fixed('六等奖', 5), '2+1', '1+1', '0+1'),
};

export const SSQ_VERSIONS: readonly FixedPrizeVersion[] = [
  { id: 'SSQ-BASE', name: '双色球游戏规则', table: SSQ_BASE },
  {
    id: 'SSQ-2026',
    name: '双色球游戏规则（2026年修订，第2026014期起）',
    fromIssue: '2026014',
    table: { ...SSQ_BASE, '3+0': { name: '福运奖', amount: money(5), specialProvisionsOnly: true } },
  },
];

export const DLT_VERSIONS: readonly FixedPrizeVersion[] = [
  {
    id: 'DLT-2014',
    name: '超级大乐透游戏规则（2014年版，第14052期起）',
    table: {
      '5+2': floating('一等奖'),
      '5+1': floating('二等奖'),
      ...patterns(floating('三等奖'), '5+0', '4+2'),
      ...patterns(fixed('四等奖', 200), '4+1', '3+2'),
      ...patterns(fixed('五等奖', 10), '4+0', '3+1', '2+2'),
      ...patterns(fixed('六等奖', 5), '3+0', '2+1', '1+2', '0+2'),
    },
  },
  {
    id: 'DLT-2019',
    name: '超级大乐透游戏规则（2019年版，第19019期起）',
    fromIssue: '19019',
    table: {
      '5+2': floating('一等奖'),
      '5+1': floating('二等奖'),
      '5+0': fixed('三等奖', 10000),
      '4+2': fixed('四等奖', 3000),
      '4+1': fixed('五等奖', 300),
      '3+2': fixed('六等奖', 200),
      '4+0': fixed('七等奖', 100),
      ...patterns(fixed('八等奖', 15), '3+1', '2+2'),
      ...patterns(fixed('九等奖', 5), '3+0', '2+1', '1+2', '0+2'),
    },
  },
  {
    id: 'DLT-2026',
    name: '超级大乐透游戏规则（2026年版，第26014期起）',
    fromIssue: '26014',
    table: {
      '5+2': floating('一等奖'),
      '5+1': floating('二等奖'),
      ...patterns(fixed('三等奖', 5000, 6666), '5+0', '4+2'),
      '4+1': fixed('四等奖', 300, 380),
      ...patterns(fixed('五等奖', 150, 200), '4+0', '3+2'),
      ...patterns(fixed('六等奖', 15, 18), '3+1', '2+2'),
      ...patterns(fixed('七等奖', 5, 7), '3+0', '2+1', '1+2', '0+2'),
    },
  },
];

/** 快乐8 prizes in 元 per pick k and hits h; `null` marks a floating prize. */
type KenoTable = Record<number, Record<number, number | null>>;

function kenoVersion(id: string, name: string, amounts: KenoTable): FixedPrizeVersion {
  const table: Record<string, FixedPrizeEntry> = {};
  for (const [k, byHits] of Object.entries(amounts)) {
    for (const [h, amount] of Object.entries(byHits)) {
      const levelName = `${KENO_PICK_NAMES[Number(k)]}中${h}`;
      table[`${k}中${h}`] = amount === null ? floating(levelName) : fixed(levelName, amount);
    }
  }
  return { id, name, table };
}

/** 快乐8 launch table as widely reproduced (reference §3.5 variant A). */
export const KENO_LAUNCH_TABLE: FixedPrizeVersion = kenoVersion('KL8-A', '快乐8游戏规则（上市版奖级表）', {
  10: { 10: null, 9: 8000, 8: 720, 7: 80, 6: 5, 5: 3, 0: 2 },
  9: { 9: 300000, 8: 2000, 7: 200, 6: 20, 5: 5, 4: 3, 0: 2 },
  8: { 8: 50000, 7: 800, 6: 88, 5: 10, 4: 3, 0: 2 },
  7: { 7: 10000, 6: 288, 5: 28, 4: 4, 0: 2 },
  6: { 6: 3000, 5: 30, 4: 10, 3: 3 },
  5: { 5: 1000, 4: 21, 3: 3 },
  4: { 4: 100, 3: 5, 2: 3 },
  3: { 3: 53, 2: 3 },
  2: { 2: 19 },
  1: { 1: 4.6 },
});

/** 快乐8 revised table reproduced from recent cwl.gov.cn notices (reference §3.5 variant B): the default. */
export const KENO_CURRENT_TABLE: FixedPrizeVersion = kenoVersion('KL8-B', '快乐8游戏规则（现行奖级表）', {
  10: { 10: null, 9: 8000, 8: 720, 7: 80, 6: 5, 5: 3, 0: 2 },
  9: { 9: null, 8: 2000, 7: 225, 6: 22, 5: 5, 4: 3, 0: 2 },
  8: { 8: 50000, 7: 800, 6: 80, 5: 10, 4: 3, 0: 2 },
  7: { 7: 8500, 6: 300, 5: 30, 4: 4, 0: 2 },
  6: { 6: 2880, 5: 30, 4: 10, 3: 3 },
  5: { 5: 1000, 4: 20, 3: 3 },
  4: { 4: 93, 3: 5, 2: 3 },
  3: { 3: 52, 2: 3 },
  2: { 2: 19 },
  1: { 1: 4.5 },
});

/** Default versions per category; a platform-drawn game (极速双色球 …) uses the newest version throughout. */
export const DEFAULT_VERSIONS = {
  official: { SSQ: SSQ_VERSIONS, DLT: DLT_VERSIONS, KENO: [KENO_CURRENT_TABLE] },
  platform: { SSQ: [{ ...SSQ_VERSIONS[1]!, fromIssue: undefined }], DLT: [{ ...DLT_VERSIONS[2]!, fromIssue: undefined }], KENO: [KENO_CURRENT_TABLE] },
} as const;

/** Amounts paid for floating levels unless the operator configures others (keyed by level name). */
export const DEFAULT_FLOATING_PRIZES: Readonly<Record<string, Money>> = {
  一等奖: yuan(5_000_000),
  二等奖: yuan(100_000),
  三等奖: yuan(5_000),
  选十中10: yuan(5_000_000),
  选九中9: yuan(250_000),
};

function issueNumber(issue: string): number {
  const digits = issue.replace(/\D/g, '');
  return digits === '' ? Number.NaN : Number(digits);
}

/** The version in force for an issue: the last whose first issue is not after it; no issue → newest. */
export function versionFor(versions: readonly FixedPrizeVersion[], issue: string | undefined): FixedPrizeVersion {
  if (issue === undefined) return versions[versions.length - 1]!;
  const wanted = issueNumber(issue);
  let chosen = versions[0]!;
  for (const version of versions) {
    if (version.fromIssue === undefined || issueNumber(version.fromIssue) <= wanted) chosen = version;
  }
  return chosen;
}

/**
 * The state lotteries' own fixed prizes (元 per 2-元 注) of the plays that regular-mode methods mirror
 * (reference §3.4–3.6): 福彩3D/排列3/排列5, 快3, 11选5. Regular mode prices these methods from the prize
 * group; the official amounts are reference data for the rules page ("官方奖金"), keyed by method
 * set, method id and level id; a level without an official play is absent.
 */
const THREE_DIGIT_OFFICIAL: Record<string, Record<string, number>> = {
  QZX3: { direct: 1040 },
  QZX3_S: { direct: 1040 },
  QZXHZ: { direct: 1040 },
  QZU3: { pair: 346 },
  QZU3_S: { pair: 346 },
  QZU3HZ: { pair: 346 },
  QZU3DT: { pair: 346 },
  QZU6: { distinct: 173 },
  QZU6_S: { distinct: 173 },
  QZU6HZ: { distinct: 173 },
  QZU6DT: { distinct: 173 },
  QHHZX: { pair: 346, distinct: 173 },
  QZUHZ: { pair: 346, distinct: 173 },
};

const ELEVEN_FIVE_OFFICIAL: Record<string, Record<string, number>> = {
  LTQ1ZX1: { direct: 13 },
  LTQ2ZX2: { direct: 130 },
  LTQ2ZX2_S: { direct: 130 },
  LTQ2ZU2: { group: 65 },
  LTQ2ZU2_S: { group: 65 },
  LTQ2ZU2DT: { group: 65 },
  LTQ3ZX3: { direct: 1170 },
  LTQ3ZX3_S: { direct: 1170 },
  LTQ3ZU3: { group: 195 },
  LTQ3ZU3_S: { group: 195 },
  LTQ3ZU3DT: { group: 195 },
  ...Object.fromEntries(
    [
      [2, 6],
      [3, 19],
      [4, 78],
      [5, 540],
      [6, 90],
      [7, 26],
      [8, 9],
    ].flatMap(([k, amount]) => ['', '_S', 'DT'].map((suffix) => [suffix === 'DT' ? `LTRXDT${k}` : `LTRX${k}${suffix}`, { any: amount! }])),
  ),
};

const QUICK3_OFFICIAL: Record<string, Record<string, number>> = {
  KSHZ: { sum4: 80, sum5: 40, sum6: 25, sum7: 16, sum8: 12, sum9: 10, sum10: 9 },
  STHTX: { item: 40 },
  STHDX: { triple: 240 },
  ETHFX: { pair: 15 },
  ETHDX: { pair: 80 },
  SBTH: { different: 40 },
  SBTHDT: { different: 40 },
  EBTH: { different: 8 },
  EBTHDT: { different: 8 },
  SLHTX: { item: 10 },
};

export const OFFICIAL_REFERENCE_PRIZES: Readonly<Record<string, Readonly<Record<string, Readonly<Record<string, number>>>>>> = {
  THREE_DIGIT: THREE_DIGIT_OFFICIAL,
  FIVE_DIGIT: { ...THREE_DIGIT_OFFICIAL, ZX5: { direct: 100000 }, ZX5_S: { direct: 100000 } },
  TAKE_5_OF_11: ELEVEN_FIVE_OFFICIAL,
  QUICK_3: QUICK3_OFFICIAL,
};

export function officialReferenceAmount(methodSet: string, methodId: string, levelId: string): Money | undefined {
  const amount = OFFICIAL_REFERENCE_PRIZES[methodSet]?.[methodId]?.[levelId];
  return amount === undefined ? undefined : money(amount);
}
