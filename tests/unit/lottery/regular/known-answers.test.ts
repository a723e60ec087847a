// Known answers from the domain reference: 注数 vectors (§2, §7), the 和值/跨度 tables, the official
// compound settlement examples (§3.1, §3.2) and the winning conditions of the official plays.
import { describe, expect, it } from 'vitest';
import { count, evaluate, stake } from '../../../../src/shared/lottery/index.ts';

const bets = (drawType: string, id: string, rows: (number | string)[][], positions?: number[]): number =>
  count(drawType, id, positions ? { rows, positions } : { rows });
const yuan = (units: number): number => units / 10_000;

describe('注数 vectors', () => {
  it('时时彩 (BTLotteryAlgorithm vectors, reference §1 #8)', () => {
    expect(bets('CQSSC', 'ZX5', [[1], [1], [1], [1], [1]])).toBe(1);
    expect(bets('CQSSC', 'ZX5', [[1, 2], [1, 2], [1, 2], [1, 2], [1, 2]])).toBe(32);
    // 任二直选复式 with one digit on each of five positions: C(5,2) = 10 (the commented-out 14 is wrong).
    expect(bets('CQSSC', 'RZX2', [[1], [1], [1], [1], [1]])).toBe(10);
    expect(bets('CQSSC', 'WXZU120', [[0, 1, 2, 3, 4, 5]])).toBe(6);
    expect(bets('CQSSC', 'WXZU60', [[1, 2], [1, 3, 4, 5]])).toBe(2 * 4 - 1 * 3);
    expect(bets('CQSSC', 'QZU3', [[1, 2, 3, 4]])).toBe(12);
    expect(bets('CQSSC', 'QZU6', [[1, 2, 3, 4]])).toBe(4);
    expect(bets('CQSSC', 'DWD', [[1, 2], [], [3], [], [4, 5, 6]])).toBe(6);
    expect(bets('CQSSC', 'BDW53', [[1, 2, 3, 4]])).toBe(4);
    expect(bets('CQSSC', 'RZU2', [[1, 2, 3]], [0, 1, 2])).toBe(3 * 3);
  });

  it('和值/跨度 tables equal the reference constants', () => {
    const ZX3 = [1, 3, 6, 10, 15, 21, 28, 36, 45, 55, 63, 69, 73, 75, 75, 73, 69, 63, 55, 45, 36, 28, 21, 15, 10, 6, 3, 1];
    const G3 = [1, 2, 2, 4, 5, 6, 8, 10, 11, 13, 14, 14, 15, 15, 14, 14, 13, 11, 10, 8, 6, 5, 4, 2, 2, 1];
    const SPAN3 = [10, 54, 96, 126, 144, 150, 144, 126, 96, 54];
    const SPAN2 = [10, 18, 16, 14, 12, 10, 8, 6, 4, 2];
    const G2 = [1, 1, 2, 2, 3, 3, 4, 4, 5, 4, 4, 3, 3, 2, 2, 1, 1];
    const Z3 = [0, 1, 2, 1, 3, 3, 3, 4, 5, 4, 5, 5, 4, 5, 5, 4, 5, 5, 4, 5, 4, 3, 3, 3, 1, 2, 1];
    const Z6 = [0, 0, 0, 1, 1, 2, 3, 4, 5, 7, 8, 9, 10, 10, 10, 10, 9, 8, 7, 5, 4, 3, 2, 1, 1];
    ZX3.forEach((n, s) => expect(bets('CQSSC', 'HZXHZ', [[s]]), `ZX3[${s}]`).toBe(n));
    G3.forEach((n, i) => expect(bets('CQSSC', 'HZUHZ', [[i + 1]]), `G3[${i + 1}]`).toBe(n));
    SPAN3.forEach((n, k) => expect(bets('CQSSC', 'QZXKD', [[k]]), `SPAN3[${k}]`).toBe(n));
    SPAN2.forEach((n, k) => expect(bets('CQSSC', 'HZX2KD', [[k]]), `SPAN2[${k}]`).toBe(n));
    G2.forEach((n, i) => expect(bets('CQSSC', 'QZU2HZ', [[i + 1]]), `G2[${i + 1}]`).toBe(n));
    Z3.forEach((n, s) => s >= 1 && expect(bets('FC3D', 'QZU3HZ', [[s]]), `Z3[${s}]`).toBe(n));
    Z6.forEach((n, s) => s >= 3 && expect(bets('FC3D', 'QZU6HZ', [[s]]), `Z6[${s}]`).toBe(n));
    expect(bets('CQSSC', 'QZX2HZ', [[9]])).toBe(10);
  });

  it('福彩3D official plays (verifygo rows re-verified, reference §2.3)', () => {
    expect(count('FC3D', 'QZX3_S', { entries: [[1, 1, 1]] })).toBe(1);
    expect(stake(1, 'YUAN', 1)).toBe(20_000);
    expect(bets('FC3D', 'QZX3', [[0, 1, 2], [0, 1, 2], [0, 1, 2]])).toBe(27);
    expect(yuan(stake(27, 'YUAN', 1))).toBe(54);
    expect(bets('FC3D', 'QZXHZ', [[0, 1, 10, 11, 20, 21]])).toBe(200);
    expect(bets('FC3D', 'QZU3', [[1, 2, 3, 4]])).toBe(12);
    expect(bets('FC3D', 'QZU6', [[0, 1, 2, 3, 4, 5]])).toBe(20);
    expect(bets('FC3D', 'QZU3HZ', [[4, 5]])).toBe(6);
    // The verifygo README says 2 注 for 组六和值 {4,5}; 013, 014 and 023 make 3.
    expect(bets('FC3D', 'QZU6HZ', [[4, 5]])).toBe(3);
    expect(bets('FC3D', 'QZU3DT', [[3], [0, 1, 2]])).toBe(6);
    expect(bets('FC3D', 'QZU6DT', [[6], [3, 4, 5]])).toBe(3);
  });

  it('11选5, 双色球, 大乐透 (verifygo rows re-verified)', () => {
    // README says 2 注 / 6 元 for 任选二 01,02,03; it is C(3,2) = 3 注 = 6 元.
    expect(bets('GD11X5', 'LTRX2', [[1, 2, 3]])).toBe(3);
    expect(yuan(stake(3, 'YUAN', 1))).toBe(6);
    expect(bets('SSQ', 'SSQFS', [[6, 9, 10, 16, 24, 29, 30], [12, 13]])).toBe(14);
    expect(bets('SSQ', 'SSQDT', [[1, 18, 25, 31], [13, 14, 20, 21], [2]])).toBe(6);
    expect(bets('DLT', 'DLTFS', [[11, 24, 25, 26, 35], [4, 7, 8]])).toBe(3);
    expect(bets('DLT', 'DLTDT', [[], [1, 8, 15, 23, 29, 30], [2], [1, 8, 9]])).toBe(18);
    expect(bets('GD11X5', 'LTQ3ZX3', [[1, 2], [1, 2], [1, 2, 3]])).toBe(2);
    expect(bets('GD11X5', 'LTQ2ZX2', [[1, 2, 3], [2, 3, 4]])).toBe(3 * 3 - 2);
    expect(bets('BJPK10', 'PKQZX4', [[1, 2], [1, 2], [3, 4], [3, 4, 5]])).toBe(2 * 4);
  });
});

describe('winning conditions and compound settlement', () => {
  it('11选5 任选 (reference §2.2 enumerated examples)', () => {
    expect(evaluate('GD11X5', 'LTRX2', { rows: [[1, 2, 3, 9]] }, [1, 2, 3, 4, 5])).toEqual([3]);
    expect(evaluate('GD11X5', 'LTRX6', { rows: [[1, 2, 3, 4, 5, 6, 7]] }, [5, 4, 3, 2, 1])).toEqual([2]);
    expect(evaluate('GD11X5', 'LTRX8', { rows: [[1, 2, 3, 4, 5, 6, 7, 8, 9]] }, [1, 3, 5, 2, 4])).toEqual([4]);
    expect(evaluate('GD11X5', 'LTRX5', { rows: [[1, 2, 3, 4, 6]] }, [1, 2, 3, 4, 5])).toEqual([0]);
    expect(evaluate('GD11X5', 'LTQ1ZX1', { rows: [[8]] }, [8, 4, 11, 5, 3])).toEqual([1]);
    expect(evaluate('GD11X5', 'LTQ2ZX2', { rows: [[4], [8]] }, [8, 4, 11, 5, 3])).toEqual([0]);
    expect(evaluate('GD11X5', 'LTQ2ZU2', { rows: [[4, 8]] }, [8, 4, 11, 5, 3])).toEqual([1]);
    expect(evaluate('GD11X5', 'LTQ3ZX3', { rows: [[8], [4], [11]] }, [8, 4, 11, 5, 3])).toEqual([1]);
    expect(evaluate('GD11X5', 'LTQ3ZU3', { rows: [[4, 8, 11]] }, [8, 4, 11, 5, 3])).toEqual([1]);
    expect(evaluate('GD11X5', 'LTCZW', { rows: [[8]] }, [11, 4, 8, 9, 5])).toEqual([0, 0, 0, 0].map((_, i) => (i === 1 ? 1 : 0)));
  });

  it('3D/排列3 组三复式 {1,8} covers 118 and 188 (two 注)', () => {
    expect(count('FC3D', 'QZU3', { rows: [[1, 8]] })).toBe(2);
    expect(evaluate('FC3D', 'QZU3', { rows: [[1, 8]] }, [8, 1, 1])).toEqual([1]);
    expect(evaluate('FC3D', 'QZU3', { rows: [[1, 8]] }, [1, 8, 8])).toEqual([1]);
    expect(evaluate('FC3D', 'QZU3', { rows: [[1, 8]] }, [1, 1, 1])).toEqual([0]);
    expect(evaluate('FC3D', 'QZX3', { rows: [[1], [1], [8]] }, [1, 1, 8])).toEqual([1]);
    expect(evaluate('FC3D', 'QZX3', { rows: [[1], [1], [8]] }, [1, 8, 1])).toEqual([0]);
    expect(evaluate('FC3D', 'QZU6', { rows: [[1, 2, 3]] }, [3, 1, 2])).toEqual([1]);
    expect(evaluate('P5', 'ZX5', { rows: [[1], [2], [3], [4], [5]] }, [1, 2, 3, 4, 5])).toEqual([1]);
    expect(evaluate('P5', 'QZX3', { rows: [[1], [2], [3]] }, [1, 2, 3, 9, 9])).toEqual([1]);
  });

  it('快3 official plays (reference §2.5)', () => {
    expect(evaluate('JSK3', 'KSHZ', { rows: [[4]] }, [2, 1, 1])).toEqual([0, 1, 0, 0, 0, 0, 0, 0]);
    expect(evaluate('JSK3', 'STHTX', { rows: [['111 222 333 444 555 666']] }, [5, 5, 5])).toEqual([1]);
    expect(evaluate('JSK3', 'STHDX', { rows: [[666]] }, [6, 6, 6])).toEqual([1]);
    expect(evaluate('JSK3', 'ETHFX', { rows: [[11]] }, [1, 2, 1])).toEqual([1]);
    expect(evaluate('JSK3', 'ETHFX', { rows: [[11]] }, [1, 1, 1])).toEqual([0]);
    expect(evaluate('JSK3', 'ETHDX', { rows: [[11], [2]] }, [1, 2, 1])).toEqual([1]);
    expect(evaluate('JSK3', 'SBTH', { rows: [[1, 2, 3]] }, [3, 2, 1])).toEqual([1]);
    expect(evaluate('JSK3', 'EBTH', { rows: [[1, 2]] }, [1, 1, 2])).toEqual([1]);
    expect(evaluate('JSK3', 'EBTH', { rows: [[1, 2, 3]] }, [1, 2, 3])).toEqual([3]);
    expect(evaluate('JSK3', 'SLHTX', { rows: [['123 234 345 456']] }, [3, 4, 2])).toEqual([1]);
    expect(evaluate('JSK3', 'DTYS', { rows: [[1, 2]] }, [1, 1, 3])).toEqual([1]);
    // Items may be sent by value or by their label; numbers also as text.
    expect(evaluate('JSK3', 'ETHFX', { rows: [['11*']] }, [1, 2, 1])).toEqual([1]);
    expect(count('GD11X5', 'LTRX2', { rows: [['01', '02', '03']] })).toBe(3);
  });

  it('时时彩 rules: 组合 tails, 豹子 never wins 组选, 顺子 wraps 9-0, 龙虎和', () => {
    expect(evaluate('CQSSC', 'ZH5', { rows: [[4], [5], [6], [7], [8]] }, [4, 5, 6, 7, 8])).toEqual([1, 1, 1, 1, 1]);
    expect(evaluate('CQSSC', 'ZH5', { rows: [[1, 4], [5], [6], [7], [8]] }, [9, 9, 6, 7, 8])).toEqual([0, 0, 2, 2, 2]);
    expect(evaluate('CQSSC', 'HZUHZ', { rows: [[3]] }, [1, 2, 1, 1, 1])).toEqual([0, 0]);
    expect(evaluate('CQSSC', 'HZUHZ', { rows: [[3]] }, [1, 2, 1, 2, 0])).toEqual([0, 1]);
    expect(evaluate('CQSSC', 'HZUHZ', { rows: [[3]] }, [5, 5, 0, 0, 3])).toEqual([1, 0]);
    expect(evaluate('CQSSC', 'HZU3BD', { rows: [[1]] }, [0, 0, 1, 1, 1])).toEqual([0, 0]);
    expect(evaluate('CQSSC', 'QTS3', { rows: [['顺子']] }, [9, 0, 8, 1, 1])).toEqual([0, 1, 0]);
    expect(evaluate('CQSSC', 'QTS3', { rows: [['顺子']] }, [0, 9, 1, 1, 1])).toEqual([0, 1, 0]);
    expect(evaluate('CQSSC', 'LHWG', { rows: [['龙', '和']] }, [3, 4, 0, 1, 3])).toEqual([0, 0, 1]);
    expect(evaluate('CQSSC', 'BDW52', { rows: [[1, 2, 3]] }, [1, 2, 3, 3, 3])).toEqual([3]);
    expect(evaluate('CQSSC', 'HSCS', { rows: [[3, 4]] }, [1, 2, 3, 3, 4])).toEqual([1]);
  });

  it('双色球 compound examples (reference §3.1)', () => {
    const draw = [1, 2, 3, 4, 5, 6, 7];
    const patterns = ['6+1', '6+0', '5+1', '5+0', '4+1', '4+0', '3+1', '3+0', '2+1', '1+1', '0+1'];
    const at = (winners: number[]) => Object.fromEntries(patterns.map((p, i) => [p, winners[i]]).filter(([, w]) => w !== 0));
    expect(at(evaluate('SSQ', 'SSQFS', { rows: [[1, 2, 3, 4, 5, 6, 20], [7]] }, draw))).toEqual({ '6+1': 1, '5+1': 6 });
    expect(at(evaluate('SSQ', 'SSQFS', { rows: [[1, 2, 3, 4, 5, 6, 20], [7, 9]] }, draw))).toEqual({ '6+1': 1, '6+0': 1, '5+1': 6, '5+0': 6 });
    expect(at(evaluate('SSQ', 'SSQFS', { rows: [[1, 2, 3, 4, 5, 20, 21, 22], [7]] }, draw))).toEqual({ '5+1': 3, '4+1': 15, '3+1': 10 });
  });

  it('大乐透 compound example (reference §3.2)', () => {
    const winners = evaluate('DLT', 'DLTFS', { rows: [[1, 2, 3, 4, 5, 20], [6, 7]] }, [1, 2, 3, 4, 5, 6, 7]);
    expect(winners[0]).toBe(1); // 5+2
    expect(winners[3]).toBe(5); // 4+2
    expect(winners.reduce((a, b) => a + b, 0)).toBe(6);
  });
});
