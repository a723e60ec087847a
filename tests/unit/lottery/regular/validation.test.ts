// Every kind of invalid input is rejected with a LotteryError whose Chinese message is asserted.
import { describe, expect, it } from 'vitest';
import {
  count,
  evaluate,
  LotteryError,
  parseTickets,
  payout,
  prizeTable,
  quoteOrder,
  randomSelection,
  rebate,
  stake,
  type LotteryErrorCode,
  type Selection,
} from '../../../../src/shared/lottery/index.ts';

const ALL = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9];

function rejects(action: () => unknown, code: LotteryErrorCode, message: string): void {
  let error: unknown;
  try {
    action();
  } catch (e) {
    error = e;
  }
  expect(error, `expected ${code}: ${message}`).toBeInstanceOf(LotteryError);
  expect({ code: (error as LotteryError).code, message: (error as LotteryError).message }).toEqual({ code, message });
}

const selectionCases: [string, string, string, Selection, LotteryErrorCode, string][] = [
  ['unknown draw type', 'NOPE', 'ZX5', { rows: [] }, 'UNKNOWN_DRAW_TYPE', '未知的彩种：NOPE'],
  ['unknown method', 'CQSSC', 'XYZ', { rows: [] }, 'UNKNOWN_METHOD', '重庆时时彩没有该玩法：XYZ'],
  ['board-only draw type', 'MARK6', 'ZX5', { rows: [] }, 'UNKNOWN_METHOD', '香港六合彩不提供官方玩法'],
  ['dice product (board only)', 'JSTB', 'KSHZ', { rows: [[4]] }, 'UNKNOWN_METHOD', '江苏骰宝不提供官方玩法'],
  ['out of range digit', 'CQSSC', 'ZX5', { rows: [[10], [1], [1], [1], [1]] }, 'INVALID_SELECTION', '万位：号码10无效'],
  ['negative digit', 'CQSSC', 'ZX5', { rows: [[1], [-1], [1], [1], [1]] }, 'INVALID_SELECTION', '千位：号码-1无效'],
  ['fractional digit', 'CQSSC', 'ZX5', { rows: [[1], [1], [1.5], [1], [1]] }, 'INVALID_SELECTION', '百位：号码1.5无效'],
  ['text that is not a number', 'CQSSC', 'ZX5', { rows: [[1], [1], [1], ['a'], [1]] }, 'INVALID_SELECTION', '十位：号码a无效'],
  ['the same number as text and as number', 'GD11X5', 'LTRX2', { rows: [[5, '05', 6]] }, 'INVALID_SELECTION', '选2中2：号码05重复'],
  ['duplicate digit', 'CQSSC', 'ZX5', { rows: [[1], [1], [1], [1], [3, 3]] }, 'INVALID_SELECTION', '个位：号码3重复'],
  ['duplicate 11选5 number', 'GD11X5', 'LTRX2', { rows: [[5, 5, 6]] }, 'INVALID_SELECTION', '选2中2：号码05重复'],
  ['empty row', 'CQSSC', 'ZX5', { rows: [[1], [], [1], [1], [1]] }, 'INVALID_SELECTION', '千位至少选择1个号码'],
  ['too few picks', 'CQSSC', 'WXZU120', { rows: [[1, 2, 3, 4]] }, 'INVALID_SELECTION', '组选120至少选择5个号码'],
  ['too many picks', 'CQSSC', 'QZU3BD', { rows: [[1, 2]] }, 'INVALID_SELECTION', '包胆最多选择1个号码'],
  ['too many 胆码', 'GD11X5', 'LTRXDT3', { rows: [[1, 2, 3], [4]] }, 'INVALID_SELECTION', '胆码最多选择2个号码'],
  ['wrong number of rows', 'CQSSC', 'ZX5', { rows: [[1], [1], [1], [1]] }, 'INVALID_SELECTION', '选号行数不正确：应为5行'],
  ['rows missing', 'CQSSC', 'ZX5', {}, 'INVALID_SELECTION', '选号行数不正确：应为5行'],
  ['unknown item', 'CQSSC', 'Q2DXDS', { rows: [['中'], ['大']] }, 'INVALID_SELECTION', '万位：号码中无效'],
  ['sum outside the 组选和值 range', 'CQSSC', 'QZUHZ', { rows: [[0]] }, 'INVALID_SELECTION', '和值：号码0无效'],
  ['快3 sum below 3', 'JSK3', 'KSHZ', { rows: [[2]] }, 'INVALID_SELECTION', '和值：号码2无效'],
  ['胆码 repeated as 拖码', 'GD11X5', 'LTRXDT3', { rows: [[1], [1, 2, 3]] }, 'INVALID_SELECTION', '胆码与拖码不能相同：01'],
  ['大乐透 胆拖 without any 胆码', 'DLT', 'DLTDT', { rows: [[], [1, 2, 3, 4, 5, 6], [], [1, 2, 3]] }, 'INVALID_SELECTION', '至少选择1个胆码'],
  ['双色球 red out of range', 'SSQ', 'SSQFS', { rows: [[1, 2, 3, 4, 5, 34], [1]] }, 'INVALID_SELECTION', '红球：号码34无效'],
  ['no 注 can be formed', 'CQSSC', 'WXZU10', { rows: [[8], [8]] }, 'INVALID_SELECTION', '所选号码不足以组成一注'],
  ['定位胆 with nothing picked', 'CQSSC', 'DWD', { rows: [[], [], [], [], []] }, 'INVALID_SELECTION', '所选号码不足以组成一注'],
  ['任选 without positions', 'CQSSC', 'RZU2', { rows: [[1, 2]] }, 'INVALID_SELECTION', '请选择位置'],
  ['任选 with too few positions', 'CQSSC', 'RZU2', { rows: [[1, 2]], positions: [4] }, 'INVALID_SELECTION', '至少选择2个位置'],
  ['invalid position', 'CQSSC', 'RZU2', { rows: [[1, 2]], positions: [3, 5] }, 'INVALID_SELECTION', '位置无效：5'],
  ['duplicate position', 'CQSSC', 'RZU2', { rows: [[1, 2]], positions: [0, 0, 1] }, 'INVALID_SELECTION', '位置重复：万位'],
  ['positions on a method without them', 'CQSSC', 'ZX5', { rows: [[1], [1], [1], [1], [1]], positions: [0, 1] }, 'INVALID_SELECTION', '该玩法不需要选择位置'],
  ['rows on a 单式 method', 'CQSSC', 'ZX5_S', { rows: [[1]] }, 'INVALID_SELECTION', '该玩法为单式，请输入号码'],
  ['entries on a 复式 method', 'CQSSC', 'ZX5', { entries: [[1, 2, 3, 4, 5]] }, 'INVALID_SELECTION', '该玩法不支持单式输入'],
  ['no entries', 'CQSSC', 'ZX5_S', { entries: [] }, 'INVALID_SELECTION', '请输入投注号码'],
  ['entry too short', 'CQSSC', 'ZX5_S', { entries: [[1, 2, 3, 4]] }, 'INVALID_TICKET', '第1注号码无效：1234（每注5个数字（0-9），如 13579）'],
  ['duplicate entry', 'CQSSC', 'ZX5_S', { entries: [[1, 2, 3, 4, 5], [1, 2, 3, 4, 5]] }, 'INVALID_TICKET', '第2注号码重复：12345'],
  ['组选单式 duplicate in another order', 'CQSSC', 'QZU6_S', { entries: [[1, 2, 3], [3, 2, 1]] }, 'INVALID_TICKET', '第2注号码重复：321'],
  ['组三单式 that is not 组三', 'CQSSC', 'QZU3_S', { entries: [[1, 2, 3]] }, 'INVALID_TICKET', '第1注号码无效：123（每注3个数字，其中恰有2个相同，如 588）'],
  ['混合组选 with 豹子', 'CQSSC', 'QHHZX', { entries: [[0, 0, 0]] }, 'INVALID_TICKET', '第1注号码无效：000（每注3个数字，不含豹子号，如 001、123）'],
  ['11选5 单式 with a repeated number', 'GD11X5', 'LTRX3_S', { entries: [[1, 1, 2]] }, 'INVALID_TICKET', '第1注号码无效：01 01 02（每注3个不同号码（01-11），号码之间用空格分隔，如 01 02 03）'],
  ['双色球 单式 with a bad blue', 'SSQ', 'SSQDS', { entries: [[1, 2, 3, 4, 5, 6, 17]] }, 'INVALID_TICKET', '第1注号码无效：01 02 03 04 05 06+17（每注红球6个（1-33）加蓝球1个（1-16），如 01 02 03 04 05 06+01）'],
  // No order may win on every result (coverage rule), whatever the bet limit.
  ['every digit on every position (五星直选 包号)', 'CQSSC', 'ZX5', { rows: [ALL, ALL, ALL, ALL, ALL] }, 'COVERS_ALL_OUTCOMES', '所选号码已覆盖全部开奖结果，请减少选号'],
  ['定位胆 one full position (10 注)', 'CQSSC', 'DWD', { rows: [ALL, [], [], [], []] }, 'COVERS_ALL_OUTCOMES', '所选号码已覆盖全部开奖结果，请减少选号'],
  ['任选五 all numbers', 'GD11X5', 'LTRX5', { rows: [[1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]] }, 'COVERS_ALL_OUTCOMES', '所选号码已覆盖全部开奖结果，请减少选号'],
  ['快乐8 选十 20 numbers (中0 pays too)', 'FCKL8', 'RX10', { rows: [Array.from({ length: 20 }, (_, i) => i + 1)] }, 'COVERS_ALL_OUTCOMES', '所选号码已覆盖全部开奖结果，请减少选号'],
  ['bet count over the limit (快乐8 选五 30 numbers)', 'FCKL8', 'RX5', { rows: [Array.from({ length: 30 }, (_, i) => i + 1)] }, 'TOO_MANY_BETS', '注数超过上限：本玩法每单最多100000注'],
];

describe('invalid selections', () => {
  it.each(selectionCases)('%s', (_, drawType, id, selection, code, message) => {
    rejects(() => count(drawType, id, selection), code, message);
  });

  it('a malformed selection object', () => {
    rejects(() => count('CQSSC', 'ZX5', null as unknown as Selection), 'INVALID_SELECTION', '选号格式不正确');
    rejects(() => count('CQSSC', 'ZX5', { rows: [1, [1], [1], [1], [1]] as unknown as number[][] }), 'INVALID_SELECTION', '万位：选号格式不正确');
  });

  it('evaluate rejects the same selections and malformed results', () => {
    rejects(() => evaluate('CQSSC', 'ZX5', { rows: [[10], [1], [1], [1], [1]] }, [1, 2, 3, 4, 5]), 'INVALID_SELECTION', '万位：号码10无效');
    rejects(() => evaluate('CQSSC', 'ZX5', { rows: [[1], [1], [1], [1], [1]] }, [1, 2, 3, 4]), 'INVALID_RESULT', '开奖号码格式不正确');
    rejects(() => evaluate('GD11X5', 'LTRX3', { rows: [[1, 2, 3]] }, [1, 1, 2, 3, 4]), 'INVALID_RESULT', '开奖号码格式不正确');
    rejects(() => evaluate('SSQ', 'SSQFS', { rows: [[1, 2, 3, 4, 5, 6], [1]] }, [1, 2, 3, 4, 5, 6, 17]), 'INVALID_RESULT', '开奖号码格式不正确');
    rejects(() => evaluate('FC3D', 'QZX3', { rows: [[1], [1], [1]] }, [1, 2, 3, 4, 5]), 'INVALID_RESULT', '开奖号码格式不正确');
  });

  it('evaluate settles an accepted order even when it is over today\'s limit', () => {
    expect(evaluate('CQSSC', 'DWD', { rows: [ALL, ALL, ALL, ALL, ALL] }, [1, 2, 3, 4, 5])).toEqual([5]);
  });

  it('parseTickets and randomSelection reject unknown methods and non-单式 methods', () => {
    rejects(() => parseTickets('CQSSC', 'ZX5', '12345'), 'INVALID_SELECTION', '该玩法不支持单式输入');
    rejects(() => parseTickets('CQSSC', 'NOPE', '12345'), 'UNKNOWN_METHOD', '重庆时时彩没有该玩法：NOPE');
    rejects(() => randomSelection('PCX', 'ZX5', Math.random), 'UNKNOWN_DRAW_TYPE', '未知的彩种：PCX');
  });
});

describe('invalid money input', () => {
  const line = { selection: { rows: [[1], [1], [1], [1], [1]] }, mode: 'YUAN' as const, multiplier: 1, prizeGroup: 1800 };
  it('multiplier, prize group and mode', () => {
    rejects(() => quoteOrder('CQSSC', 'ZX5', { ...line, multiplier: 0 }), 'INVALID_MULTIPLIER', '倍数必须为1至10000的整数');
    rejects(() => quoteOrder('CQSSC', 'ZX5', { ...line, multiplier: 10001 }), 'INVALID_MULTIPLIER', '倍数必须为1至10000的整数');
    rejects(() => quoteOrder('CQSSC', 'ZX5', { ...line, multiplier: 1.5 }), 'INVALID_MULTIPLIER', '倍数必须为1至10000的整数');
    rejects(() => quoteOrder('CQSSC', 'ZX5', { ...line, prizeGroup: 1990 }), 'INVALID_PRIZE_GROUP', '奖金组必须在1700至1960之间');
    rejects(() => quoteOrder('FC3D', 'QZX3', { ...line, selection: { rows: [[1], [1], [1]] }, prizeGroup: 1900 }), 'INVALID_PRIZE_GROUP', '奖金组必须在1700至1800之间');
    rejects(() => quoteOrder('CQSSC', 'ZX5', { ...line, prizeGroup: undefined }), 'INVALID_PRIZE_GROUP', '奖金组无效：undefined');
    rejects(() => quoteOrder('CQSSC', 'ZX5', { ...line, mode: 'HAO' as never }), 'INVALID_STAKE', '投注模式无效：HAO');
    rejects(() => prizeTable('CQSSC', 'ZX5', 2001), 'INVALID_PRIZE_GROUP', '奖金组无效：2001');
    rejects(() => prizeTable('CQSSC', 'ZX5', 0), 'INVALID_PRIZE_GROUP', '奖金组无效：0');
    rejects(() => stake(0, 'YUAN', 1), 'INVALID_STAKE', '注数无效：0');
    rejects(() => stake(1, 'YUAN', -2), 'INVALID_MULTIPLIER', '倍数必须为正整数');
    rejects(() => rebate(10_000, 1800, 1960), 'INVALID_PRIZE_GROUP', '投注奖金组不能高于用户奖金组');
    rejects(() => payout('CQSSC', 'ZX5', [1, 0], { prizeGroup: 1800, mode: 'YUAN', multiplier: 1 }), 'INVALID_RESULT', '中奖注数格式不正确');
  });
});
