// Board rules that differ between operators (reference §8, decisions §9) are per-draw-type settings
// with documented defaults. Each rule belongs to one category; the others are ignored for a draw type.
import type { DrawTypeInfo } from '../../catalogue/draw-types.ts';
import type { BoardCategory, Odds, StakeLimits } from './types.ts';

export interface BoardRules {
  /** 时时彩 龙虎: a 龙 or 虎 bet when the two digits are equal (和). */
  sscDragonTigerTie: 'LOSE' | 'PUSH';
  /** 11选5 第N球 大小单双 when the ball is 11. */
  elevenBallEleven: 'PUSH' | 'BIG_ODD';
  /** 11选5 总和 大小 when the sum is 30. */
  elevenSumThirty: 'PUSH' | 'LOSE';
  /** PK10 冠亚和 大小单双 when the sum is 11. */
  pk10SumEleven: 'SMALL_ODD' | 'PUSH';
  /** PC蛋蛋 digit derivation from the 20 keno numbers. */
  pc28Derivation: 'CLASSIC' | 'CANADA';
  /** PC蛋蛋 大小单双 and 大单/大双/小单/小双 when the result is 13 or 14. */
  pc28Middle: 'NORMAL' | 'REFUND' | 'REDUCED';
  /** 六合彩 两面 / 半波 / 合肖 when the number read is 49. */
  mark6FortyNine: 'PUSH' | 'LOSE';
  /** 快乐8 总和 大小 (and 大单 …) when the sum is 810. */
  kenoSum810: 'LOSE' | 'PUSH';
  /** 骰宝 大小 when the dice are a triple. */
  diceTripleBigSmall: 'LOSE' | 'NORMAL';
  /** 骰宝 单双 when the dice are a triple. */
  diceTripleOddEven: 'LOSE' | 'NORMAL';
  /** 骰宝 三军: pay once, or once per die showing the number (1:1 / 2:1 / 3:1). */
  diceSingleNumber: 'ONCE' | 'PER_OCCURRENCE';
  /** 骰宝 点数 3 and 18 offered as bets. */
  diceSumThreeEighteen: 'NOT_OFFERED' | 'OFFERED';
  /** 骰宝 default paytable: A (Macau) or B (Atlantic-City style), reference §5. */
  dicePaytable: 'A' | 'B';
}

export type BoardRuleKey = keyof BoardRules;

export interface RuleDefinition<K extends BoardRuleKey = BoardRuleKey> {
  readonly category: BoardCategory;
  readonly title: string;
  readonly defaultValue: BoardRules[K];
  /** Each allowed value with its Chinese explanation (rules page, back office). */
  readonly values: Readonly<Record<BoardRules[K], string>>;
}

export const RULE_DEFINITIONS: { readonly [K in BoardRuleKey]: RuleDefinition<K> } = {
  sscDragonTigerTie: {
    category: 'SSC',
    title: '龙虎开和时龙/虎注单',
    defaultValue: 'LOSE',
    values: { LOSE: '龙/虎视为不中奖（和另有赔率）', PUSH: '龙/虎退还本金' },
  },
  elevenBallEleven: {
    category: 'TAKE_5_OF_11',
    title: '第N球开出11时的大小单双',
    defaultValue: 'PUSH',
    values: { PUSH: '开出11为和，退还本金', BIG_ODD: '11算大、算单' },
  },
  elevenSumThirty: {
    category: 'TAKE_5_OF_11',
    title: '总和等于30时的总和大小',
    defaultValue: 'PUSH',
    values: { PUSH: '总和30为和，退还本金', LOSE: '总和30时大/小均不中奖' },
  },
  pk10SumEleven: {
    category: 'PK10',
    title: '冠亚和等于11时的大小单双',
    defaultValue: 'SMALL_ODD',
    values: { SMALL_ODD: '11算小、算单', PUSH: '11为和，退还本金' },
  },
  pc28Derivation: {
    category: 'PC_EGG',
    title: '三个号码的取法',
    defaultValue: 'CLASSIC',
    values: {
      CLASSIC: '20个号码由小到大排序，第1–6、7–12、13–18位之和的个位数',
      CANADA: '20个号码由小到大排序，第2/5/8/11/14/17、3/6/9/12/15/18、4/7/10/13/16/19位之和的个位数',
    },
  },
  pc28Middle: {
    category: 'PC_EGG',
    title: '开出13、14时的大小单双与组合',
    defaultValue: 'NORMAL',
    values: { NORMAL: '正常结算', REFUND: '大小单双及组合全部退还本金', REDUCED: '中奖注单按“13/14”专用赔率结算' },
  },
  mark6FortyNine: {
    category: 'MARK6',
    title: '开出49时的两面、半波、合肖',
    defaultValue: 'PUSH',
    values: { PUSH: '49为和，退还本金', LOSE: '49时两面、半波、合肖均不中奖' },
  },
  kenoSum810: {
    category: 'KENO',
    title: '总和等于810时的总和大小',
    defaultValue: 'LOSE',
    values: { LOSE: '大/小及含大小的组合不中奖（810另设“和值810”）', PUSH: '大/小及含大小的组合退还本金' },
  },
  diceTripleBigSmall: {
    category: 'DICE',
    title: '开出围骰时的大小',
    defaultValue: 'LOSE',
    values: { LOSE: '围骰通吃：大/小不中奖', NORMAL: '按点数正常判定大小' },
  },
  diceTripleOddEven: {
    category: 'DICE',
    title: '开出围骰时的单双',
    defaultValue: 'LOSE',
    values: { LOSE: '围骰通吃：单/双不中奖', NORMAL: '按点数正常判定单双' },
  },
  diceSingleNumber: {
    category: 'DICE',
    title: '三军派彩',
    defaultValue: 'ONCE',
    values: { ONCE: '不论出现几次仅派彩一次', PER_OCCURRENCE: '出现1/2/3次分别按单骰/双骰/三骰赔率派彩' },
  },
  diceSumThreeEighteen: {
    category: 'DICE',
    title: '点数3与18',
    defaultValue: 'NOT_OFFERED',
    values: { NOT_OFFERED: '不设点数3、18（开出即点数注单不中奖）', OFFERED: '点数3、18可投注' },
  },
  dicePaytable: {
    category: 'DICE',
    title: '骰宝赔率表',
    defaultValue: 'B',
    values: { A: 'A表（澳门式）', B: 'B表（大西洋城式）' },
  },
};

export const BOARD_RULE_KEYS = Object.keys(RULE_DEFINITIONS) as BoardRuleKey[];

/** Draw types whose default differs from the category default. */
const DRAW_TYPE_RULE_DEFAULTS: Readonly<Record<string, Partial<BoardRules>>> = {
  // 加拿大28 is derived from the BCLC keno draw by the 2/5/8… positions (reference §2.6).
  JND28: { pc28Derivation: 'CANADA' },
};

export function defaultRules(drawType: DrawTypeInfo): BoardRules {
  const rules = Object.fromEntries(BOARD_RULE_KEYS.map((key) => [key, RULE_DEFINITIONS[key].defaultValue]));
  return { ...(rules as unknown as BoardRules), ...DRAW_TYPE_RULE_DEFAULTS[drawType.code] };
}

/** The rules that apply to a category. */
export function ruleKeysOf(category: BoardCategory): BoardRuleKey[] {
  return BOARD_RULE_KEYS.filter((key) => RULE_DEFINITIONS[key].category === category);
}

/**
 * What an operator may configure per draw type: rule values, odds per bet type and odds level,
 * rebates (退水, 1/10000 of the stake) and stake limits per bet type. Anything left out takes the
 * default.
 */
export interface BoardSettings {
  readonly rules?: Partial<BoardRules>;
  readonly odds?: Readonly<Record<string, Readonly<Record<string, Odds>>>>;
  readonly rebates?: Readonly<Record<string, number>>;
  readonly limits?: Readonly<Record<string, Partial<StakeLimits>>>;
}

/** The largest rebate accepted: 10 % of the stake. */
export const MAX_REBATE = 1_000;
/** Odds accepted in settings: at least a refund (1.0), at most 1,000,000. */
export const MIN_ODDS: Odds = 10_000;
export const MAX_ODDS: Odds = 10_000 * 1_000_000;
