// Pure parts of the VIP programme and the weekly ranking (the levels themselves are decided in SQL,
// tests/server/vip-job.test.ts): the progress to the next level, Shanghai weeks and months, masked names.
import { describe, expect, it } from 'vitest';
import { progressTo } from '../../src/server/vip/overview.ts';
import { monthOf, weekEnd, weekOf } from '../../src/server/vip/periods.ts';
import { maskName } from '../../src/server/weekly-ranking/names.ts';
import type { VipLevelRules } from '../../src/shared/api/vip.ts';

const rule = (level: VipLevelRules['level'], rank: number, qualify: number | null, keep: number | null): VipLevelRules => ({
  level, rank, qualifyTurnover: qualify, qualifyDeposits: qualify === null ? null : qualify / 5, keepTurnover: keep, keepDeposits: null,
  monthlyBonus: 0, bonusStakeMultipleBp: 10_000, dailyWithdrawalCount: null, dailyWithdrawalAmount: null,
});
const RULES = [rule('NOT_VIP', 0, null, null), rule('VIP_1', 1, 1000, 500), rule('VIP_2', 2, 10_000, 5000)];

describe('progressTo', () => {
  it('is the better route, floored, with what each route still needs', () => {
    expect(progressTo(RULES, 'NOT_VIP', 250, 100)).toEqual({ nextLevel: 'VIP_1', percent: 50, turnoverNeeded: 750, depositsNeeded: 100 });
    expect(progressTo(RULES, 'VIP_2', 0, 0)).toEqual({ nextLevel: null, percent: 100, turnoverNeeded: null, depositsNeeded: null });
  });
});

describe('Shanghai periods', () => {
  it('starts weeks on Monday 00:00 and months on the 1st, Beijing time', () => {
    expect(weekOf(new Date('2026-11-22T15:59:59Z'))).toBe('2026-11-16'); // Sunday 23:59:59 in Shanghai
    expect(weekOf(new Date('2026-11-22T16:00:00Z'))).toBe('2026-11-23'); // Monday 00:00
    expect(weekEnd('2026-11-23').toISOString()).toBe('2026-11-29T16:00:00.000Z');
    expect(monthOf(new Date('2026-11-30T16:00:00Z'))).toBe('2026-12-01');
  });
});

describe('maskName', () => {
  it('keeps two first characters and the last', () => {
    expect(maskName('player_9')).toBe('pl***9');
    expect(maskName('ab')).toBe('a***');
  });
});
