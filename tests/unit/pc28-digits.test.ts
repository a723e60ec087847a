// The display's default PC蛋蛋 derivation (no board settings on the result pages) must agree with the board's.
import { describe, expect, it } from 'vitest';
import { DRAW_TYPES } from '../../src/shared/catalogue/draw-types.ts';
import { defaultPc28Derivation } from '../../src/shared/lottery/board/pc28-digits.ts';
import { defaultRules } from '../../src/shared/lottery/board/settings.ts';

describe('pc28-digits', () => {
  it('gives every PC蛋蛋 draw type the default derivation of its board rules', () => {
    const eggs = DRAW_TYPES.filter((d) => d.category === 'PC_EGG');
    expect(eggs.length).toBeGreaterThan(0);
    for (const info of eggs) expect(defaultPc28Derivation(info.code)).toBe(defaultRules(info).pc28Derivation);
  });
});
