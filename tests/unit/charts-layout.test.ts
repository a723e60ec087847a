import { describe, expect, it } from 'vitest';
import { DRAW_TYPES } from '../../src/shared/catalogue/draw-types.ts';
import { chartDrawCountChoices, chartLayout, effectiveDrawCount, isChartSupported } from '../../src/shared/charts/index.ts';

describe('which draw types have a chart (spec §9)', () => {
  it('covers SSC, 11选5, 快3, PK10, keno, 3D, SSQ and DLT, not A-share, instant draws, PC蛋蛋 or 六合彩', () => {
    const supported = DRAW_TYPES.filter((d) => isChartSupported(d.code)).map((d) => d.code);
    expect(supported).toContain('CQSSC');
    expect(supported).toContain('UU11X5');
    expect(supported).toContain('UUK3');
    expect(supported).toContain('UUPK10');
    expect(supported).toContain('UUFFKENO');
    expect(supported).toContain('FC3D');
    expect(supported).toContain('UUSSQ');
    expect(supported).toContain('DLT');
    for (const code of ['ASHAREF2SSC', 'MKSSC', 'MK11X5', 'MKK3', 'MKKENO', 'UU28', 'JND28', 'MARK6', 'UUMARK6']) {
      expect(isChartSupported(code), code).toBe(false);
    }
    expect(isChartSupported('NOPE')).toBe(false);
  });

  it('gives every supported draw type a layout whose columns cover its numbers', () => {
    for (const info of DRAW_TYPES.filter((d) => isChartSupported(d.code))) {
      const layout = chartLayout(info.code);
      expect(layout.zones.length, info.code).toBeGreaterThan(0);
      for (const zone of layout.zones) expect(new Set(zone.columns).size).toBe(zone.columns.length);
    }
  });

  it('lays out the classic zones', () => {
    const labels = (code: string) => chartLayout(code).zones.map((z) => `${z.label}:${z.columns.length}`);
    expect(labels('CQSSC')).toEqual(['万位:10', '千位:10', '百位:10', '十位:10', '个位:10', '号码分布:10']);
    expect(labels('FC3D')).toEqual(['百位:10', '十位:10', '个位:10', '号码分布:10']);
    expect(labels('GD11X5')).toEqual(['第一位:11', '第二位:11', '第三位:11', '第四位:11', '第五位:11', '号码分布:11']);
    expect(labels('UUPK10')).toHaveLength(10);
    expect(labels('UUK3')).toEqual(['和值:16', '号码分布:6', '形态:3']);
    expect(labels('UUFFKENO')).toEqual(['号码分布:80']);
    expect(labels('UUSSQ')).toEqual(['红球:33', '蓝球:16']);
    expect(labels('DLT')).toEqual(['前区:35', '后区:12']);
  });
});

describe('draw count choices', () => {
  it('offers the steps up to the history count', () => {
    expect(chartDrawCountChoices(1000)).toEqual([30, 50, 100, 200, 300, 500, 1000]);
    expect(chartDrawCountChoices(300)).toEqual([30, 50, 100, 200, 300]);
    expect(chartDrawCountChoices(100)).toEqual([30, 50, 100]);
  });

  it('clamps a remembered count to a shorter history', () => {
    expect(effectiveDrawCount(500, 100)).toBe(100);
    expect(effectiveDrawCount(50, 1000)).toBe(50);
  });
});
