import { describe, expect, it } from 'vitest';
import { LotteryError } from '../../../../src/shared/lottery/errors.ts';
import {
  boardCatalogue,
  boardEngine,
  evaluateBoardBet,
  validateBoardBet,
  validateBoardSettings,
  type BoardBet,
  type BoardSettings,
} from '../../../../src/shared/lottery/board/index.ts';

/** Runs `action` and returns the LotteryError it throws (code and Chinese message). */
function failure(action: () => unknown): { code: string; message: string } {
  try {
    action();
  } catch (error) {
    if (error instanceof LotteryError) return { code: error.code, message: error.message };
    throw error;
  }
  throw new Error('expected a LotteryError');
}

const ssc = (bet: Partial<BoardBet>, settings?: BoardSettings) =>
  validateBoardBet('CQSSC', { betTypeId: 'BALL_1', selection: '7', stake: 10_000, ...bet }, settings);
const mark6 = (bet: Partial<BoardBet>) =>
  validateBoardBet('MARK6', { betTypeId: 'LINK_3_ALL', selection: [1, 2, 3], stake: 10_000, ...bet }, undefined, '2026-06-01');

describe('invalid bets are refused with a Chinese message', () => {
  it('unknown draw type, draw type without a board, unknown bet type', () => {
    expect(failure(() => validateBoardBet('NOPE', { betTypeId: 'BALL_1', selection: '7', stake: 10_000 }))).toEqual({
      code: 'UNKNOWN_DRAW_TYPE',
      message: '未知的彩种：NOPE',
    });
    expect(failure(() => boardCatalogue('JSK3'))).toEqual({ code: 'BOARD_NOT_AVAILABLE', message: '江苏快3不提供信用玩法' });
    expect(failure(() => boardCatalogue('SSQ')).code).toBe('BOARD_NOT_AVAILABLE');
    expect(failure(() => boardCatalogue('GPTSSC')).code).toBe('BOARD_NOT_AVAILABLE');
    expect(failure(() => ssc({ betTypeId: 'LOTTO_9' }))).toEqual({ code: 'UNKNOWN_BET_TYPE', message: '未知的玩法：LOTTO_9' });
  });

  it('an item that is not on the board', () => {
    expect(failure(() => ssc({ selection: 'HUGE' }))).toEqual({ code: 'INVALID_SELECTION', message: '第一球（万位）的投注项无效：HUGE' });
    expect(failure(() => ssc({ selection: [7] }))).toEqual({ code: 'INVALID_SELECTION', message: '第一球（万位）的投注项无效：7' });
  });

  it('连码 with the wrong number of picks, repeated or invalid numbers', () => {
    expect(failure(() => mark6({ selection: [1, 2] }))).toEqual({ code: 'INVALID_SELECTION', message: '三全中需选择3～10个号码，当前2个' });
    expect(failure(() => mark6({ selection: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11] }))).toEqual({
      code: 'INVALID_SELECTION',
      message: '三全中需选择3～10个号码，当前11个',
    });
    expect(failure(() => mark6({ betTypeId: 'LINK_4_ALL', selection: [1, 2, 3] })).message).toBe('四全中需选择4～10个号码，当前3个');
    expect(failure(() => mark6({ selection: [1, 2, 2] }))).toEqual({ code: 'INVALID_SELECTION', message: '三全中的号码不能重复' });
    expect(failure(() => mark6({ selection: [1, 2, 50] }))).toEqual({ code: 'INVALID_SELECTION', message: '三全中的选号无效：50' });
    expect(failure(() => mark6({ selection: [1, 2, '3'] }))).toEqual({ code: 'INVALID_SELECTION', message: '三全中的选号无效：3' });
    expect(failure(() => mark6({ selection: '1,2,3' }))).toEqual({ code: 'INVALID_SELECTION', message: '三全中需选择3～10个号码' });
    expect(failure(() => mark6({ betTypeId: 'ZODIAC_SET', selection: ['RAT'] })).message).toBe('合肖需选择2～11个号码，当前1个');
    expect(failure(() => ssc({ betTypeId: 'TWO_DIGIT_POSITION_1_2', selection: [1, 2, 3] })).message).toBe('万千二字定位需选择2个号码，当前3个');
  });

  it('a stake that is not a positive integer of 0.0001 元, or outside the limits', () => {
    const notMoney = { code: 'INVALID_STAKE', message: '投注金额必须为正整数（单位为0.0001元）' };
    for (const stake of [0, -10_000, 1.5, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 53, '10000' as unknown as number]) {
      expect(failure(() => ssc({ stake }))).toEqual(notMoney);
    }
    expect(failure(() => ssc({ stake: 9_999 }))).toEqual({ code: 'INVALID_STAKE', message: '第一球（万位）单注金额不能低于1.00元' });
    // 第一球 carries 号码 at 9.7, so its cap is the 20,000 元 tier.
    expect(failure(() => ssc({ stake: 200_000_001 }))).toEqual({ code: 'INVALID_STAKE', message: '第一球（万位）单注金额不能高于20000.00元' });
    expect(failure(() => ssc({ betTypeId: 'SUM', selection: 'BIG', stake: 500_000_001 })).message).toBe('总和单注金额不能高于50000.00元');
    expect(failure(() => mark6({ betTypeId: 'LINK_4_ALL', selection: [1, 2, 3, 4], stake: 10_010_000 })).message).toBe(
      '四全中单注金额不能高于1000.00元',
    );
    expect(failure(() => ssc({ stake: 50_000 }, { limits: { BALL_1: { min: 100_000 } } })).message).toBe('第一球（万位）单注金额不能低于10.00元');
  });

  it('六合彩 without a valid draw date, and malformed results', () => {
    expect(failure(() => boardCatalogue('MARK6'))).toEqual({ code: 'INVALID_DRAW_DATE', message: '六合彩需提供开奖日期以确定生肖' });
    expect(failure(() => boardCatalogue('MARK6', undefined, '2026/06/01'))).toEqual({
      code: 'INVALID_DRAW_DATE',
      message: '开奖日期格式不正确：2026/06/01（应为 YYYY-MM-DD）',
    });
    expect(failure(() => boardCatalogue('MARK6', undefined, '2099-06-01')).message).toBe('暂不支持 2099 年的生肖对照表');
    const bet = { betTypeId: 'BALL_1', selection: '7', stake: 10_000 };
    for (const result of [[1, 2, 3, 4], [1, 2, 3, 4, 10], [1, 2, 3, 4, 1.5]]) {
      expect(failure(() => evaluateBoardBet('CQSSC', bet, result))).toEqual({ code: 'INVALID_RESULT', message: '重庆时时彩的开奖号码格式不正确' });
    }
    expect(failure(() => evaluateBoardBet('BJPK10', { betTypeId: 'RANK_1', selection: '1', stake: 10_000 }, [1, 1, 2, 3, 4, 5, 6, 7, 8, 9])).code).toBe(
      'INVALID_RESULT',
    );
  });

  it('invalid settings', () => {
    const open = (settings: unknown) => failure(() => boardCatalogue('CQSSC', settings as BoardSettings));
    expect(open({ rules: { sscDragonTigerTie: 'MAYBE' } })).toEqual({
      code: 'INVALID_BOARD_SETTINGS',
      message: '盘口规则 sscDragonTigerTie 的取值无效：MAYBE',
    });
    expect(open({ rules: { fastMode: 'ON' } }).message).toBe('未知的盘口规则：fastMode');
    expect(open({ odds: { BALL_9: { '1': 20_000 } } }).message).toBe('赔率设置中的玩法不存在：BALL_9');
    expect(open({ odds: { BALL_1: { HUGE: 20_000 } } }).message).toBe('第一球（万位）没有赔率项：HUGE');
    expect(open({ odds: { BALL_1: { BIG: 9_999 } } }).message).toBe('第一球（万位）的赔率无效：9999（应为不低于1的万分之一整数）');
    expect(open({ odds: { BALL_1: { BIG: 19_600.5 } } }).code).toBe('INVALID_BOARD_SETTINGS');
    expect(open({ rebates: { SUM: 1_001 } }).message).toBe('总和的退水无效：1001（0～10%）');
    expect(open({ limits: { SUM: { min: 20_000, max: 10_000 } } }).message).toBe('总和的限额无效');
  });

  it('refuses odds and rebates that bring a bet to 100 % RTP or more (rebate included, exact)', () => {
    const refused = (drawType: string, settings: BoardSettings, drawDate?: string) => failure(() => validateBoardSettings(drawType, settings, drawDate));
    // 第一球 number at 10 (fair) returns exactly 100 %, plus its default 0.5 % rebate.
    expect(refused('CQSSC', { odds: { BALL_1: { '7': 100_000 } } })).toEqual({
      code: 'INVALID_BOARD_SETTINGS',
      message: '第一球（万位）的赔率与退水使返奖率达到100.50%（含退水），必须低于100%',
    });
    expect(refused('CQSSC', { odds: { BALL_1: { '7': 99_990 } }, rebates: { BALL_1: 100 } }).message).toBe(
      '第一球（万位）的赔率与退水使返奖率达到100.99%（含退水），必须低于100%',
    );
    // A rebate alone can push a two-sided bet over: 1.98 + 3 % = 102 %.
    expect(refused('CQSSC', { odds: { SUM: { BIG: 19_800 } }, rebates: { SUM: 300 } }).message).toBe('总和的赔率与退水使返奖率达到102.00%（含退水），必须低于100%');
    expect(refused('MARK6', { odds: { SPECIAL: { NUMBER: 490_000 } } }, '2026-06-01').message).toBe('特码的赔率与退水使返奖率达到101.00%（含退水），必须低于100%');
    // One step below 100 % is accepted, and the same settings open a board for settling.
    expect(() => validateBoardSettings('CQSSC', { odds: { BALL_1: { '7': 99_490 } }, rebates: { BALL_1: 50 } })).not.toThrow();
    expect(() => boardEngine('CQSSC', { odds: { BALL_1: { '7': 100_000 } } })).toThrow('必须低于100%');
  });
});

describe('settlement amounts in 0.0001 元', () => {
  it('pays floor(stake × odds) including the stake, and floors the rebate', () => {
    const win = evaluateBoardBet('CQSSC', { betTypeId: 'BALL_1', selection: 'BIG', stake: 3_333 }, [7, 0, 0, 0, 0], {
      limits: { BALL_1: { min: 1 } },
    });
    expect(win).toMatchObject({ outcome: 'WIN', totalStake: 3_333, payout: 6_532, rebate: 16 });
    const lose = evaluateBoardBet('CQSSC', { betTypeId: 'BALL_1', selection: 'BIG', stake: 3_333 }, [2, 0, 0, 0, 0], {
      limits: { BALL_1: { min: 1 } },
    });
    expect(lose).toMatchObject({ outcome: 'LOSE', payout: 0, rebate: 16 });
  });

  it('refunds a 和局 exactly and pays no rebate on it', () => {
    const tie = evaluateBoardBet('CQSSC', { betTypeId: 'DRAGON_TIGER_1_5', selection: 'DRAGON', stake: 12_345 }, [4, 0, 0, 0, 4], {
      rules: { sscDragonTigerTie: 'PUSH' },
    });
    expect(tie).toMatchObject({ outcome: 'PUSH', payout: 12_345, rebate: 0 });
  });

  it('stays exact beyond 2^53 (stake × odds computed in bigint)', () => {
    const settings: BoardSettings = { odds: { BALL_1: { '7': 99_490 } }, limits: { BALL_1: { max: 2_000_000_000_000 } } };
    const result = evaluateBoardBet('CQSSC', { betTypeId: 'BALL_1', selection: '7', stake: 1_999_999_999_999 }, [7, 1, 2, 3, 4], settings);
    // 1,999,999,999,999 × 9.949 = 19,897,999,999,990.051 → floored (the product exceeds 2^53)
    expect(1_999_999_999_999 * 99_490).toBeGreaterThan(2 ** 53);
    expect(result.payout).toBe(19_897_999_999_990);
  });

  it('expands multi-pick bets into combinations, each staked and settled alone', () => {
    const checked = validateBoardBet('MARK6', { betTypeId: 'NOT_IN_5', selection: [8, 1, 2, 3, 4, 5, 6, 7], stake: 20_000 }, undefined, '2026-06-01');
    expect(checked.combinations).toHaveLength(56);
    expect(checked.totalStake).toBe(56 * 20_000);
    expect(checked.selection).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    const settled = evaluateBoardBet(
      'MARK6',
      { betTypeId: 'NOT_IN_5', selection: [1, 2, 3, 4, 5, 6], stake: 20_000 },
      [6, 10, 11, 12, 13, 14, 15],
      undefined,
      '2026-06-01',
    );
    // Only the combination without 6 wins: 1 2 3 4 5 at 2.15.
    expect(settled).toMatchObject({ outcome: 'WIN', totalStake: 120_000, payout: 43_000, rebate: 6 * 60 });
    expect(settled.combinations.filter((c) => c.outcome === 'WIN').map((c) => c.selection)).toEqual([[1, 2, 3, 4, 5]]);
  });

  it('keeps the order of positional picks and sorts the others', () => {
    expect(validateBoardBet('CQSSC', { betTypeId: 'TWO_DIGIT_COMBO_BACK', selection: [7, 2], stake: 10_000 }).selection).toEqual([2, 7]);
    expect(validateBoardBet('CQSSC', { betTypeId: 'TWO_DIGIT_POSITION_1_2', selection: [7, 7], stake: 10_000 }).selection).toEqual([7, 7]);
    expect(validateBoardBet('JSTB', { betTypeId: 'PAIR_SINGLE', selection: [6, 1], stake: 10_000 }).selection).toEqual([6, 1]);
    expect(failure(() => validateBoardBet('JSTB', { betTypeId: 'PAIR_SINGLE', selection: [6, 6], stake: 10_000 })).message).toBe(
      '二同号单选的号码不能重复',
    );
    expect(validateBoardBet('MARK6', { betTypeId: 'ZODIAC_SET', selection: ['PIG', 'RAT'], stake: 10_000 }, undefined, '2026-06-01').selection).toEqual([
      'RAT',
      'PIG',
    ]);
  });

  it('promises at placement exactly the rebate a bet earns when no combination pushes', () => {
    const cases: { drawType: string; bet: BoardBet; settings?: BoardSettings; date?: string }[] = [
      { drawType: 'CQSSC', bet: { betTypeId: 'BALL_1', selection: 'BIG', stake: 3_333 }, settings: { limits: { BALL_1: { min: 1 } } } },
      { drawType: 'CQSSC', bet: { betTypeId: 'DRAGON_TIGER_1_5', selection: 'DRAGON', stake: 12_347 }, settings: { rules: { sscDragonTigerTie: 'PUSH' } } },
      { drawType: 'CQSSC', bet: { betTypeId: 'SUM', selection: 'BIG', stake: 10_001 }, settings: { rebates: { SUM: 77 } } },
      { drawType: 'MARK6', bet: { betTypeId: 'NOT_IN_5', selection: [1, 2, 3, 4, 5, 6], stake: 20_003 }, date: '2026-06-01' },
    ];
    // Every 5-digit result for 时时彩; for 六合彩 a spread of draws that hit 0–6 of the picks.
    const sscResults = Array.from({ length: 100_000 }, (_, n) => [...String(n).padStart(5, '0')].map(Number));
    const mark6Results = Array.from({ length: 7 }, (_, hits) => [...[1, 2, 3, 4, 5, 6].slice(0, hits), ...[40, 41, 42, 43, 44, 45, 46].slice(0, 7 - hits)]);
    for (const { drawType, bet, settings, date } of cases) {
      const engine = boardEngine(drawType, settings, date);
      const promised = engine.promisedRebate(engine.validate(bet));
      expect(promised).toBeGreaterThan(0);
      const seen = { noPush: 0, push: 0 };
      for (const result of drawType === 'MARK6' ? mark6Results : sscResults) {
        const settled = engine.evaluate(bet, result);
        if (settled.combinations.some((c) => c.outcome === 'PUSH')) {
          seen.push++;
          expect(settled.rebate).toBeLessThan(promised);
        } else {
          seen.noPush++;
          if (settled.rebate !== promised) expect({ result, rebate: settled.rebate }).toEqual({ result, rebate: promised });
        }
      }
      expect(seen.noPush).toBeGreaterThan(0);
    }
  });

  it('settles with operator odds, and a batch engine gives the same result as the one-off call', () => {
    const settings: BoardSettings = { odds: { SUM: { BIG: 19_800 } } };
    const bet = { betTypeId: 'SUM', selection: 'BIG', stake: 10_000 };
    const engine = boardEngine('CQSSC', settings);
    expect(engine.evaluate(bet, [9, 9, 9, 0, 0])).toEqual(evaluateBoardBet('CQSSC', bet, [9, 9, 9, 0, 0], settings));
    expect(engine.evaluate(bet, [9, 9, 9, 0, 0]).payout).toBe(19_800);
  });
});

describe('catalogue', () => {
  it('lists tabs, bet types, items with current odds, rebates, limits and the rules in force', () => {
    const catalogue = boardCatalogue('CQSSC', { odds: { BALL_1: { BIG: 19_700 } } });
    expect(catalogue.groups.map((g) => g.name)).toEqual([
      '两面', '龙虎', '形态', '一字组合', '二字组合', '二字定位', '二字和数', '三字定位', '三字组合', '和数', '跨度',
    ]);
    const ball = catalogue.groups[0]?.betTypes[0];
    expect(ball).toMatchObject({ id: 'BALL_1', name: '第一球（万位）', kind: 'ITEM', rebate: 50, limits: { min: 10_000, max: 200_000_000 } });
    expect(ball?.items?.find((i) => i.id === 'BIG')).toEqual({ id: 'BIG', name: '大', oddsKey: 'BIG', odds: 19_700 });
    expect(ball?.items?.find((i) => i.id === '3')?.odds).toBe(97_000);
    expect(catalogue.rules).toEqual([
      { key: 'sscDragonTigerTie', title: '龙虎开和时龙/虎注单', value: 'LOSE', description: '龙/虎视为不中奖（和另有赔率）' },
    ]);
  });

  it('shows multi-pick rules and levels, 本命 odds and settings-dependent items', () => {
    const mark6 = boardCatalogue('MARK6', undefined, '2026-06-01');
    const link = mark6.groups.find((g) => g.name === '连码')?.betTypes.find((b) => b.id === 'LINK_3_2');
    expect(link?.pick).toMatchObject({ min: 3, max: 10, comboSize: 3, ordered: false, repeats: false });
    expect(link?.levels).toEqual([
      { key: 'HIT_2', name: '中二', odds: 230_000 },
      { key: 'HIT_3', name: '中三', odds: 1_250_000 },
    ]);
    const special = mark6.groups.find((g) => g.name === '生肖')?.betTypes.find((b) => b.id === 'ZODIAC_SPECIAL');
    expect(special?.items?.find((i) => i.id === 'HORSE')).toMatchObject({ oddsKey: 'BENMING', odds: 95_000 });
    expect(special?.items?.find((i) => i.id === 'RAT')).toMatchObject({ oddsKey: 'OTHER', odds: 119_000 });
    const sums = (settings?: BoardSettings) =>
      boardCatalogue('JSTB', settings).groups.find((g) => g.name === '点数')?.betTypes[0]?.items?.map((i) => i.id);
    expect(sums()).toHaveLength(14);
    expect(sums({ rules: { diceSumThreeEighteen: 'OFFERED' } })).toHaveLength(16);
    expect(boardCatalogue('JND28').rules.find((r) => r.key === 'pc28Derivation')?.value).toBe('CANADA');
    expect(boardCatalogue('UU28').rules.find((r) => r.key === 'pc28Derivation')?.value).toBe('CLASSIC');
  });

  it('uses Chinese names for every group, bet type and item', () => {
    const nonChinese: string[] = [];
    for (const [code, date] of [['CQSSC'], ['GD11X5'], ['BJPK10'], ['JND28'], ['MARK6', '2026-06-01'], ['TWLKENO'], ['JSTB']] as const) {
      for (const group of boardCatalogue(code, undefined, date).groups) {
        const names = [group.name, ...group.betTypes.flatMap((b) => [b.name, ...b.levels.map((l) => l.name), ...(b.items ?? []).map((i) => i.name)])];
        for (const name of names) if (!/[\u4e00-\u9fff]/.test(name) && !/^[\d*（）–]+$/.test(name)) nonChinese.push(`${code}: ${name}`);
      }
    }
    expect(nonChinese).toEqual([]);
  });
});

describe('the public API', () => {
  it('board mode has its own entry, which the regular entry does not pull in (the regular page never loads the board engine)', async () => {
    const board = await import('../../../../src/shared/lottery/board/index.ts');
    const regular = await import('../../../../src/shared/lottery/index.ts');
    expect(board.evaluateBoardBet).toBe(evaluateBoardBet);
    expect(board.validateBoardSettings).toBe(validateBoardSettings);
    expect(board.boardCatalogue('CQSSC').groups.length).toBeGreaterThan(0);
    expect(typeof regular.count).toBe('function');
    expect(Object.keys(regular).filter((name) => /board/i.test(name))).toEqual([]);
  });
});
