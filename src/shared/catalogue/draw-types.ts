// The 65 draw types of ../shared/spec/draw-types.md as typed data. Codes never change; the operator
// enables, disables and re-times them in the back office.
import type { LotteryCategory } from '../enums.ts';

/** Where a draw type's result comes from (decisions §4). */
export type ResultSource = 'feed' | 'platform' | 'instant';
/** Own-game products: lotteries and the dice games drawn on 快3-shaped results. */
export type OwnProduct = 'LOTTERY' | 'DICE';
/** Fixed-prize categories: no prize slider (spec §9). */
export type PrizeCategory = 'KENO' | 'SSQ' | 'DLT';

export interface DrawTypeInfo {
  code: string;
  name: string;
  shortName?: string;
  category: LotteryCategory;
  product: OwnProduct;
  source: ResultSource;
  /** The spec's "official draws" (§9): history draw count 100. */
  official: boolean;
  instant: boolean;
  autobetDisabled: boolean;
  historyDrawCount: number;
  prizeCategory?: PrizeCategory;
  /** The spec's "ChatGPT draws": regular mode only. */
  chatGpt: boolean;
  /** The A-share minute draw: no play mode at all (spec §9). */
  aShare: boolean;
  /** For draws settled on another type's result (JSTB on JSK3). */
  resultOf?: string;
}

type Row = [code: string, name: string, category: LotteryCategory, source: ResultSource, official?: boolean];

const ROWS: Row[] = [
  ['CQSSC', '重庆时时彩', 'SSC', 'feed'],
  ['XJSSC', '新疆时时彩', 'SSC', 'feed'],
  ['TJSSC', '天津时时彩', 'SSC', 'feed'],
  ['UUFFC', '锦鲤分分彩', 'SSC', 'platform'],
  ['UU2FC', '锦鲤两分彩', 'SSC', 'platform'],
  ['UU3FC', '锦鲤三分彩', 'SSC', 'platform'],
  ['UU5FC', '锦鲤五分彩', 'SSC', 'platform'],
  ['UU90SSC', '锦鲤90秒彩', 'SSC', 'platform'],
  ['MKSSC', '秒开时时彩', 'SSC', 'instant'],
  ['ASHAREF2SSC', 'A股两分彩', 'SSC', 'feed', true],
  ['APF10SSC', '澳洲十分彩', 'SSC', 'feed', true],
  ['GPTSSC', 'ChatGPT时时彩', 'SSC', 'platform'],
  ['GD11X5', '广东11选5', 'TAKE_5_OF_11', 'feed'],
  ['SD11X5', '山东11选5', 'TAKE_5_OF_11', 'feed'],
  ['JX11X5', '江西11选5', 'TAKE_5_OF_11', 'feed'],
  ['SH11X5', '上海11选5', 'TAKE_5_OF_11', 'feed'],
  ['AH11X5', '安徽11选5', 'TAKE_5_OF_11', 'feed'],
  ['JS11X5', '江苏11选5', 'TAKE_5_OF_11', 'feed'],
  ['ZJ11X5', '浙江11选5', 'TAKE_5_OF_11', 'feed'],
  ['UU11X5', '锦鲤11选5', 'TAKE_5_OF_11', 'platform'],
  ['UU311X5', '锦鲤三分11选5', 'TAKE_5_OF_11', 'platform'],
  ['MK11X5', '秒开11选5', 'TAKE_5_OF_11', 'instant'],
  ['FC3D', '福彩3D', 'THREE_D', 'feed', true],
  ['P3', '排列3', 'THREE_D', 'feed'],
  ['P5', '排列5', 'THREE_D', 'feed', true],
  ['UU3D', '锦鲤3D', 'THREE_D', 'platform'],
  ['MK3D', '秒开3D', 'THREE_D', 'instant'],
  ['BJPK10', '北京赛车', 'PK10', 'feed'],
  ['XYFT', '幸运飞艇', 'PK10', 'feed'],
  ['UUPK10', '极速赛车', 'PK10', 'platform'],
  ['UU3PK10', '锦鲤三分赛车', 'PK10', 'platform'],
  ['UU5PK10', '锦鲤五分赛车', 'PK10', 'platform'],
  ['MKPK10', '秒开赛车', 'PK10', 'instant'],
  ['GPTPK10', 'ChatGPT赛车', 'PK10', 'platform'],
  ['JSK3', '江苏快3', 'QUICK_3', 'feed'],
  ['AHK3', '安徽快3', 'QUICK_3', 'feed'],
  ['HBK3', '湖北快3', 'QUICK_3', 'feed'],
  ['GXK3', '广西快3', 'QUICK_3', 'feed'],
  ['JLK3', '吉林快3', 'QUICK_3', 'feed'],
  ['BJK3', '北京快3', 'QUICK_3', 'feed'],
  ['SHK3', '上海快3', 'QUICK_3', 'feed'],
  ['HEBK3', '河北快3', 'QUICK_3', 'feed'],
  ['UUK3', '锦鲤快3', 'QUICK_3', 'platform'],
  ['UU3K3', '锦鲤三分快3', 'QUICK_3', 'platform'],
  ['UU5K3', '锦鲤五分快3', 'QUICK_3', 'platform'],
  ['MKK3', '秒开快3', 'QUICK_3', 'instant'],
  ['JND28', '加拿大28', 'PC_EGG', 'feed'],
  ['UU28', '锦鲤28', 'PC_EGG', 'platform'],
  ['UU3PC28', '锦鲤三分28', 'PC_EGG', 'platform'],
  ['MKPC28', '秒开28', 'PC_EGG', 'instant'],
  ['MARK6', '香港六合彩', 'MARK6', 'feed', true],
  ['UUMARK6', '极速六合彩', 'MARK6', 'platform'],
  ['AMMARK6', '澳门六合彩', 'MARK6', 'platform'],
  ['FCKL8', '福彩快乐8', 'KENO', 'feed', true],
  ['TWLKENO', '台湾宾果', 'KENO', 'feed', true],
  ['UUFFKENO', '锦鲤分分快乐8', 'KENO', 'platform'],
  ['UU5KENO', '锦鲤五分快乐8', 'KENO', 'platform'],
  ['MKKENO', '秒开快乐8', 'KENO', 'instant'],
  ['SSQ', '双色球', 'SSQ', 'feed', true],
  ['UUSSQ', '极速双色球', 'SSQ', 'platform'],
  ['DLT', '超级大乐透', 'DLT', 'feed'],
  ['UUDLT', '极速大乐透', 'DLT', 'platform'],
  ['JSTB', '江苏骰宝', 'QUICK_3', 'feed'],
  ['F1TB', '极速骰宝', 'QUICK_3', 'platform'],
  ['UU3TB', '锦鲤三分骰宝', 'QUICK_3', 'platform'],
];

const DICE_CODES = new Set(['JSTB', 'F1TB', 'UU3TB']);
const FIXED_PRIZE: Partial<Record<LotteryCategory, PrizeCategory>> = { KENO: 'KENO', SSQ: 'SSQ', DLT: 'DLT' };

/** decisions §9: instant → 100, official → 100, keno → 300, otherwise 1000. */
function historyDrawCount(source: ResultSource, official: boolean, category: LotteryCategory): number {
  if (source === 'instant' || official) return 100;
  if (category === 'KENO') return 300;
  return 1000;
}

export const DRAW_TYPES: readonly DrawTypeInfo[] = ROWS.map(([code, name, category, source, official = false]) => {
  const instant = source === 'instant';
  const info: DrawTypeInfo = {
    code,
    name,
    category,
    product: DICE_CODES.has(code) ? 'DICE' : 'LOTTERY',
    source,
    official,
    instant,
    autobetDisabled: instant || category === 'MARK6',
    historyDrawCount: historyDrawCount(source, official, category),
    chatGpt: code.startsWith('GPT'),
    aShare: code === 'ASHAREF2SSC',
  };
  const prizeCategory = FIXED_PRIZE[category];
  if (prizeCategory) info.prizeCategory = prizeCategory;
  if (code === 'JSTB') info.resultOf = 'JSK3';
  return Object.freeze(info);
});

const BY_CODE = new Map(DRAW_TYPES.map((d) => [d.code, d]));

export function findDrawType(code: string): DrawTypeInfo | undefined {
  return BY_CODE.get(code);
}

export function getDrawType(code: string): DrawTypeInfo {
  const info = BY_CODE.get(code);
  if (!info) throw new Error(`unknown draw type ${code}`);
  return info;
}

export const DRAW_TYPE_CODES: readonly string[] = DRAW_TYPES.map((d) => d.code);

/** Chinese display names of the categories (menu groups). */
export const CATEGORY_NAMES: Record<LotteryCategory, string> = {
  SSC: '时时彩',
  TAKE_5_OF_11: '11选5',
  THREE_D: '3D',
  PK10: 'PK10',
  QUICK_3: '快3',
  PC_EGG: 'PC蛋蛋',
  MARK6: '六合彩',
  KENO: '快乐8',
  SSQ: '双色球',
  DLT: '大乐透',
};
