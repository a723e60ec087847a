// The names of the drawn positions per category, as charts head their columns and picker rows are labelled.
import type { LotteryCategory } from '../enums.ts';

const DIGIT_POSITIONS: Record<number, readonly string[]> = {
  3: ['百位', '十位', '个位'],
  5: ['万位', '千位', '百位', '十位', '个位'],
};
const ORDINAL_POSITIONS = ['第一位', '第二位', '第三位', '第四位', '第五位'];
const PK10_POSITIONS = ['冠军', '亚军', '第三名', '第四名', '第五名', '第六名', '第七名', '第八名', '第九名', '第十名'];
/** Other names a picker row gives a position. */
const ALIASES: Record<string, string> = { 季军: '第三名' };

/** The position names of a category's result of `length` numbers; empty where positions have no names. */
export function positionNames(category: LotteryCategory, length: number): readonly string[] {
  switch (category) {
    case 'SSC':
    case 'THREE_D':
      return DIGIT_POSITIONS[length] ?? [];
    case 'TAKE_5_OF_11':
      return ORDINAL_POSITIONS;
    case 'PK10':
      return PK10_POSITIONS;
    default:
      return [];
  }
}

/** The index of the position a label names (万位, 第二位, 冠军, 季军 …), or −1. */
export function positionIndex(category: LotteryCategory, length: number, label: string): number {
  return positionNames(category, length).indexOf(ALIASES[label] ?? label);
}
