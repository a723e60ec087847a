// Known answers for the official prize rules of reference §3: 双色球 and 大乐透 versions chosen by
// issue, 快乐8 (values common to both circulating tables), and the official fixed prizes of 福彩3D,
// 排列3/5, 快3 and 11选5 applied to 复式 and 胆拖 tickets settled by the engine.
import { afterEach, describe, expect, it } from 'vitest';
import {
  configureDrawType,
  evaluate,
  KENO_LAUNCH_TABLE,
  officialPrizes,
  payout,
  prizeTable,
  prizeVersion,
  resetDrawTypeConfig,
  type PrizeContext,
} from '../../../../src/shared/lottery/index.ts';

const YUAN = 10_000;
const prizesOf = (drawType: string, id: string, context?: PrizeContext) =>
  Object.fromEntries(prizeTable(drawType, id, undefined, context).map((p) => [p.level, p.prize / YUAN]));
const namesOf = (drawType: string, id: string, context?: PrizeContext) =>
  Object.fromEntries(prizeTable(drawType, id, undefined, context).map((p) => [p.level, p.name]));
/** Official payout of a ticket: Σ winners × official prize, in 元. */
function officialPayout(drawType: string, id: string, rows: number[][], draw: number[]): number {
  const winners = evaluate(drawType, id, { rows }, draw);
  const prizes = officialPrizes(drawType, id)!;
  return winners.reduce((sum, w, i) => sum + w * prizes[i]!.prize, 0) / YUAN;
}

afterEach(() => resetDrawTypeConfig());

describe('双色球 (reference §3.1)', () => {
  it('pays the fixed levels and the configured amounts for the floating ones', () => {
    expect(prizesOf('SSQ', 'SSQFS', { issue: '2025100' })).toEqual({
      '6+1': 5_000_000, '6+0': 100_000, '5+1': 3000, '5+0': 200, '4+1': 200, '4+0': 10, '3+1': 10, '3+0': 0, '2+1': 5, '1+1': 5, '0+1': 5,
    });
    expect(namesOf('SSQ', 'SSQFS', { issue: '2025100' })['4+1']).toBe('四等奖');
    expect(prizeTable('SSQ', 'SSQFS').find((p) => p.level === '6+1')!.floating).toBe(true);
    configureDrawType('SSQ', { floatingPrizes: { 一等奖: 8_000_000 * YUAN } });
    expect(prizesOf('SSQ', 'SSQFS')['6+1']).toBe(8_000_000);
  });

  it('福运奖 (3+0 → 5 元) only from 第2026014期 and only under the special provisions', () => {
    expect(prizeVersion('SSQ', '2026013').id).toBe('SSQ-BASE');
    expect(prizeVersion('SSQ', '2026014').id).toBe('SSQ-2026');
    expect(prizesOf('SSQ', 'SSQFS', { issue: '2026013', specialProvisions: true })['3+0']).toBe(0);
    expect(prizesOf('SSQ', 'SSQFS', { issue: '2026014' })['3+0']).toBe(0);
    expect(prizesOf('SSQ', 'SSQFS', { issue: '2026014', specialProvisions: true })['3+0']).toBe(5);
    expect(namesOf('SSQ', 'SSQFS', { issue: '2026014', specialProvisions: true })['3+0']).toBe('福运奖');
    // 3+1 keeps 五等奖 10 元: no stacking with 福运奖.
    expect(prizesOf('SSQ', 'SSQFS', { issue: '2026014', specialProvisions: true })['3+1']).toBe(10);
  });

  it('复式 and 胆拖 tickets settle per expanded 注', () => {
    const draw = [1, 2, 3, 4, 5, 6, 7];
    const multiple = evaluate('SSQ', 'SSQFS', { rows: [[1, 2, 3, 4, 5, 20, 21, 22], [7]] }, draw);
    expect(payout('SSQ', 'SSQFS', multiple, { mode: 'YUAN', multiplier: 1 }).amount / YUAN).toBe(3 * 3000 + 15 * 200 + 10 * 10);
    const dantuo = evaluate('SSQ', 'SSQDT', { rows: [[1, 2, 3, 4, 5], [10, 11], [7]] }, draw);
    expect(payout('SSQ', 'SSQDT', dantuo, { mode: 'YUAN', multiplier: 3 }).amount / YUAN).toBe(3 * 2 * 3000);
    const single = evaluate('SSQ', 'SSQDS', { entries: [[1, 2, 3, 4, 5, 6, 7], [1, 2, 3, 10, 11, 12, 8]] }, draw);
    expect(payout('SSQ', 'SSQDS', single, { mode: 'YUAN', multiplier: 1, context: { issue: '2026020', specialProvisions: true } }).amount / YUAN).toBe(5_000_000 + 5);
  });
});

describe('大乐透 rule versions by issue (reference §3.2)', () => {
  it('selects v2014 / v2019 / v2026 by issue number', () => {
    expect(prizeVersion('DLT', '18150').id).toBe('DLT-2014');
    expect(prizeVersion('DLT', '19018').id).toBe('DLT-2014');
    expect(prizeVersion('DLT', '19019').id).toBe('DLT-2019');
    expect(prizeVersion('DLT', '26013').id).toBe('DLT-2019');
    expect(prizeVersion('DLT', '26014').id).toBe('DLT-2026');
    expect(prizeVersion('DLT').id).toBe('DLT-2026');
    expect(prizeVersion('UUDLT', '20250101001').id).toBe('DLT-2026');
  });

  it('v2014 amounts and levels', () => {
    const p = prizesOf('DLT', 'DLTFS', { issue: '18001' });
    expect(p).toMatchObject({ '4+1': 200, '3+2': 200, '4+0': 10, '3+1': 10, '2+2': 10, '3+0': 5, '2+1': 5, '1+2': 5, '0+2': 5 });
    expect(namesOf('DLT', 'DLTFS', { issue: '18001' })).toMatchObject({ '5+0': '三等奖', '4+2': '三等奖', '4+1': '四等奖' });
    expect(prizeTable('DLT', 'DLTFS', undefined, { issue: '18001' }).filter((l) => l.floating).map((l) => l.level)).toEqual(['5+2', '5+1', '5+0', '4+2']);
  });

  it('v2019: nine levels', () => {
    expect(prizesOf('DLT', 'DLTFS', { issue: '25001' })).toEqual({
      '5+2': 5_000_000, '5+1': 100_000, '5+0': 10000, '4+2': 3000, '4+1': 300, '3+2': 200, '4+0': 100, '3+1': 15, '2+2': 15, '3+0': 5, '2+1': 5, '1+2': 5, '0+2': 5,
    });
    expect(namesOf('DLT', 'DLTFS', { issue: '25001' })).toMatchObject({ '4+2': '四等奖', '4+0': '七等奖', '0+2': '九等奖' });
  });

  it('v2026: seven levels, upgraded while the pool is at least 8亿', () => {
    const normal = prizesOf('DLT', 'DLTFS', { issue: '26014' });
    expect(normal).toMatchObject({ '5+0': 5000, '4+2': 5000, '4+1': 300, '4+0': 150, '3+2': 150, '3+1': 15, '2+2': 15, '3+0': 5, '2+1': 5, '1+2': 5, '0+2': 5 });
    const high = prizesOf('DLT', 'DLTFS', { issue: '26014', highPool: true });
    expect(high).toMatchObject({ '5+0': 6666, '4+2': 6666, '4+1': 380, '4+0': 200, '3+2': 200, '3+1': 18, '2+2': 18, '3+0': 7, '0+2': 7 });
    // 4+1 and 3+2 are different levels in v2026 (a copied table puts both in 四等).
    expect(namesOf('DLT', 'DLTFS', { issue: '26014' })).toMatchObject({ '4+1': '四等奖', '3+2': '五等奖', '4+0': '五等奖', '3+0': '七等奖' });
  });

  it('the compound example: 1×一等 + 5×三等 (v2026) or 5×四等 (v2019)', () => {
    const winners = evaluate('DLT', 'DLTFS', { rows: [[1, 2, 3, 4, 5, 20], [6, 7]] }, [1, 2, 3, 4, 5, 6, 7]);
    expect(payout('DLT', 'DLTFS', winners, { mode: 'YUAN', multiplier: 1, context: { issue: '26014' } }).amount / YUAN).toBe(5_000_000 + 5 * 5000);
    expect(payout('DLT', 'DLTFS', winners, { mode: 'YUAN', multiplier: 1, context: { issue: '26013' } }).amount / YUAN).toBe(5_000_000 + 5 * 3000);
  });

  it('a 胆拖 ticket with 胆码 in both zones', () => {
    const winners = evaluate('DLT', 'DLTDT', { rows: [[1, 2, 3, 4], [5, 20], [6], [7, 8]] }, [1, 2, 3, 4, 5, 6, 7]);
    const result = payout('DLT', 'DLTDT', winners, { mode: 'YUAN', multiplier: 1, context: { issue: '26020' } });
    expect(result.amount / YUAN).toBe(5_000_000 + 100_000 + 5000 + 300);
  });
});

describe('快乐8 (reference §3.5, values common to both tables)', () => {
  const common: Record<string, Record<number, number>> = {
    RX10: { 9: 8000, 7: 80, 6: 5, 5: 3, 0: 2 },
    RX9: { 8: 2000, 5: 5, 4: 3, 0: 2 },
    RX8: { 8: 50000, 7: 800, 5: 10, 4: 3, 0: 2 },
    RX7: { 4: 4, 0: 2 },
    RX6: { 5: 30, 4: 10, 3: 3 },
    RX5: { 5: 1000, 3: 3 },
    RX4: { 3: 5, 2: 3 },
    RX3: { 2: 3 },
    RX2: { 2: 19 },
  };
  it('pays the common values in the default table and in the launch table', () => {
    for (const [id, byHits] of Object.entries(common)) {
      const k = id.slice(2);
      const prizes = prizesOf('FCKL8', id);
      for (const [h, amount] of Object.entries(byHits)) {
        expect(prizes[`${k}中${h}`], `${id} 中${h}`).toBe(amount);
        expect(KENO_LAUNCH_TABLE.table[`${k}中${h}`]!.amount! / YUAN, `launch ${id} 中${h}`).toBe(amount);
      }
    }
    expect(prizeTable('FCKL8', 'RX10').find((p) => p.level === '10中10')!.floating).toBe(true);
  });

  it('复式 and 胆拖 tickets', () => {
    const draw = Array.from({ length: 20 }, (_, i) => i + 1);
    const multiple = evaluate('FCKL8', 'RX10', { rows: [[...Array.from({ length: 10 }, (_, i) => i + 1), 50]] }, draw);
    expect(multiple.slice(0, 2)).toEqual([1, 10]); // 1 × 中10, 10 × 中9
    expect(payout('FCKL8', 'RX10', multiple, { mode: 'YUAN', multiplier: 1 }).amount / YUAN).toBe(5_000_000 + 10 * 8000);
    const dantuo = evaluate('FCKL8', 'RXDT3', { rows: [[1], [2, 3, 50]] }, draw);
    expect(dantuo).toEqual([1, 2]); // {1,2,3} 中3; {1,2,50}, {1,3,50} 中2
    expect(payout('FCKL8', 'RXDT3', dantuo, { mode: 'YUAN', multiplier: 1 }).amount / YUAN).toBe(52 + 2 * 3);
    // 选十 with no number drawn still wins 2 元.
    expect(evaluate('FCKL8', 'RX10', { rows: [Array.from({ length: 10 }, (_, i) => i + 61)] }, draw)).toEqual([0, 0, 0, 0, 0, 0, 1]);
  });
});

describe('official fixed prizes of 福彩3D, 排列3/5, 快3, 11选5 (reference §3.4, §3.6)', () => {
  it('3D / 排列3 / 排列5', () => {
    for (const drawType of ['FC3D', 'P3']) {
      expect(officialPrizes(drawType, 'QZX3')!.map((p) => p.prize / YUAN)).toEqual([1040]);
      expect(officialPrizes(drawType, 'QZU3')!.map((p) => p.prize / YUAN)).toEqual([346]);
      expect(officialPrizes(drawType, 'QZU6')!.map((p) => p.prize / YUAN)).toEqual([173]);
    }
    expect(officialPrizes('P5', 'ZX5')!.map((p) => p.prize / YUAN)).toEqual([100000]);
    expect(officialPrizes('CQSSC', 'ZX5')).toBeNull();
    expect(officialPayout('FC3D', 'QZU3', [[1, 8]], [1, 8, 1])).toBe(346);
    expect(officialPayout('FC3D', 'QZU6DT', [[6], [3, 4, 5]], [6, 3, 4])).toBe(173);
    expect(officialPayout('FC3D', 'QZU3DT', [[3], [0, 1, 2]], [3, 0, 0])).toBe(346);
    expect(officialPayout('FC3D', 'QZXHZ', [[1]], [1, 0, 0])).toBe(1040);
    expect(officialPayout('P5', 'ZX5', [[1, 2], [2], [3], [4], [5]], [1, 2, 3, 4, 5])).toBe(100000);
  });

  it('快3', () => {
    expect(officialPrizes('JSK3', 'KSHZ')!.map((p) => p.prize / YUAN)).toEqual([0, 80, 40, 25, 16, 12, 10, 9]);
    expect(officialPayout('JSK3', 'EBTHDT', [[1], [2, 3]], [1, 2, 3])).toBe(2 * 8);
    expect(officialPayout('JSK3', 'SBTH', [[1, 2, 3, 4]], [1, 2, 4])).toBe(40);
    expect(officialPayout('JSK3', 'SBTHDT', [[1, 2], [3, 4]], [4, 2, 1])).toBe(40);
    expect(officialPayout('JSK3', 'ETHDX', [[11], [2, 3]], [1, 3, 1])).toBe(80);
    expect(officialPayout('JSK3', 'STHDX', [[111, 666]], [6, 6, 6])).toBe(240);
    expect(officialPayout('JSK3', 'KSHZ', [[10, 11]], [5, 4, 2])).toBe(9);
  });

  it('11选5', () => {
    expect(officialPayout('GD11X5', 'LTRXDT5', [[1], [2, 3, 4, 5, 6]], [1, 2, 3, 4, 5])).toBe(540);
    expect(officialPayout('GD11X5', 'LTRX6', [[1, 2, 3, 4, 5, 6, 7]], [5, 4, 3, 2, 1])).toBe(2 * 90);
    expect(officialPayout('GD11X5', 'LTRX2', [[1, 2, 3]], [1, 2, 3, 4, 5])).toBe(3 * 6);
    expect(officialPayout('GD11X5', 'LTQ3ZU3DT', [[8], [4, 11, 9]], [8, 4, 11, 5, 3])).toBe(195);
    expect(officialPayout('GD11X5', 'LTQ2ZX2', [[8, 4], [4]], [8, 4, 11, 5, 3])).toBe(130);
    expect(officialPayout('GD11X5', 'LTQ3ZX3', [[8], [4], [11]], [8, 4, 11, 5, 3])).toBe(1170);
    expect(officialPayout('GD11X5', 'LTQ1ZX1', [[8, 9]], [8, 4, 11, 5, 3])).toBe(13);
  });
});
