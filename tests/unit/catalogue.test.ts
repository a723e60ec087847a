import { describe, expect, it } from 'vitest';
import { DRAW_TYPES, getDrawType } from '../../src/shared/catalogue/draw-types.ts';
import { allPlayModes, playModesFor } from '../../src/shared/catalogue/play-modes.ts';

describe('draw-type catalogue', () => {
  it('has the 65 draw types of draw-types.md with unique codes', () => {
    expect(DRAW_TYPES).toHaveLength(65);
    expect(new Set(DRAW_TYPES.map((d) => d.code)).size).toBe(65);
  });

  it('marks the official draws of spec §9 and nothing else', () => {
    const official = DRAW_TYPES.filter((d) => d.official).map((d) => d.code).sort();
    expect(official).toEqual(['APF10SSC', 'ASHAREF2SSC', 'FC3D', 'FCKL8', 'MARK6', 'P5', 'SSQ', 'TWLKENO'].sort());
  });

  it('derives history draw counts: instant/official 100, keno 300, otherwise 1000', () => {
    expect(getDrawType('MKSSC').historyDrawCount).toBe(100);
    expect(getDrawType('FC3D').historyDrawCount).toBe(100);
    expect(getDrawType('TWLKENO').historyDrawCount).toBe(100);
    expect(getDrawType('UUFFKENO').historyDrawCount).toBe(300);
    expect(getDrawType('CQSSC').historyDrawCount).toBe(1000);
  });

  it('disables autobet for instant draws and MARK6', () => {
    const disabled = DRAW_TYPES.filter((d) => d.autobetDisabled).map((d) => d.code).sort();
    expect(disabled).toEqual(
      ['AMMARK6', 'MARK6', 'MK11X5', 'MK3D', 'MKK3', 'MKKENO', 'MKPC28', 'MKPK10', 'MKSSC', 'UUMARK6'].sort(),
    );
  });

  it('has the dice products and the fixed-prize categories', () => {
    expect(DRAW_TYPES.filter((d) => d.product === 'DICE').map((d) => d.code)).toEqual(['JSTB', 'F1TB', 'UU3TB']);
    expect(getDrawType('JSTB').resultOf).toBe('JSK3');
    expect(getDrawType('UUSSQ').prizeCategory).toBe('SSQ');
    expect(getDrawType('CQSSC').prizeCategory).toBeUndefined();
  });
});

describe('play modes by device (spec §9)', () => {
  const modes = (code: string, device: 'PC' | 'MOBILE') => playModesFor(getDrawType(code), device);
  it('on PC', () => {
    expect(modes('CQSSC', 'PC')).toEqual(['REGULAR', 'BOARD']);
    expect(modes('GD11X5', 'PC')).toEqual(['REGULAR', 'BOARD']);
    expect(modes('BJPK10', 'PC')).toEqual(['REGULAR', 'BOARD']);
    expect(modes('JSK3', 'PC')).toEqual(['REGULAR']);
    expect(modes('FC3D', 'PC')).toEqual(['REGULAR']);
    expect(modes('JND28', 'PC')).toEqual(['BOARD']);
    expect(modes('MARK6', 'PC')).toEqual(['BOARD']);
    expect(modes('FCKL8', 'PC')).toEqual(['REGULAR', 'BOARD']);
    expect(modes('SSQ', 'PC')).toEqual(['REGULAR']);
    expect(modes('DLT', 'PC')).toEqual(['REGULAR']);
  });
  it('on mobile', () => {
    expect(modes('JND28', 'MOBILE')).toEqual([]);
    expect(modes('MARK6', 'MOBILE')).toEqual(['BOARD']);
    expect(modes('UUFFKENO', 'MOBILE')).toEqual(['REGULAR', 'BOARD']);
    expect(modes('CQSSC', 'MOBILE')).toEqual(['REGULAR']);
    expect(modes('F1TB', 'MOBILE')).toEqual(['BOARD']);
  });
  it('special draw types', () => {
    expect(modes('ASHAREF2SSC', 'PC')).toEqual([]);
    expect(modes('GPTSSC', 'PC')).toEqual(['REGULAR']);
    expect(modes('GPTPK10', 'MOBILE')).toEqual(['REGULAR']);
    expect(allPlayModes(getDrawType('JND28'))).toEqual(['BOARD']);
  });
});
