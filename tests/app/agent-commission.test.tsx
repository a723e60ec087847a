// The commission pages' pieces (issue 19 item 6): the tier rules shared with the server, and the
// contract editor refusing, before any request, a contract more generous than the agent's own.
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ContractEditor } from '../../src/app/features/agent/commission/ContractEditor.tsx';
import { percent, tierText } from '../../src/app/features/agent/commission/format.ts';
import { categoryRebate, ContractBodySchema, rateAt, withinOwnContract, type Contract } from '../../src/shared/api/agent-commission.ts';
import { renderWithProviders } from './accounts-harness.tsx';

const own: Contract = {
  id: 1,
  customerId: 1,
  username: 'me',
  kind: 'DW',
  frequency: 'DAILY',
  tiers: [
    { volume: 0, activeMembers: 1, rate: 100 },
    { volume: 1_000_000, activeMembers: 3, rate: 200 },
  ],
  updatedAt: '2026-01-01T00:00:00.000Z',
};

describe('tier rules', () => {
  it('take the best tier reached, and compare contracts at the member’s tier points', () => {
    expect(rateAt(own.tiers, 999_999, 5)).toBe(100);
    expect(rateAt(own.tiers, 1_000_000, 2)).toBe(100);
    expect(rateAt(own.tiers, 1_000_000, 3)).toBe(200);
    expect(rateAt(own.tiers, 0, 0)).toBe(0);
    expect(withinOwnContract([{ volume: 1_000_000, activeMembers: 3, rate: 200 }], own.tiers)).toBe(true);
    expect(withinOwnContract([{ volume: 1_000_000, activeMembers: 2, rate: 150 }], own.tiers)).toBe(false);
    expect(withinOwnContract([{ volume: 0, activeMembers: 0, rate: 1 }], own.tiers)).toBe(false);
  });

  it('refuse tiers out of order with a Chinese message', () => {
    const parsed = ContractBodySchema.safeParse({ frequency: 'DAILY', tiers: [{ volume: 5, activeMembers: 1, rate: 100 }, { volume: 1, activeMembers: 1, rate: 200 }] });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.message).toBe('档位须按门槛从低到高排列，比例逐档提高');
  });

  it('show per-category figures and percentages', () => {
    expect(categoryRebate(1950, { min: 1700, max: 1800 })).toEqual({ topGroup: 1800, maxRebatePercent: 12.5 });
    expect(percent(150)).toBe('1.5%');
    expect(tierText({ volume: 1_000_000, activeMembers: 3, rate: 200 })).toBe('团队投注≥¥100.00、活跃≥3人：2%');
  });
});

describe('ContractEditor', () => {
  it('refuses a rate above the agent’s own before sending anything', () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    renderWithProviders(<ContractEditor memberId={2} username="member" own={[own]} current={[]} onClose={() => {}} />);
    fireEvent.change(screen.getByTestId('tier-rate-0'), { target: { value: '1.5' } });
    fireEvent.click(screen.getByTestId('contract-save'));
    expect(screen.getByTestId('contract-error').textContent).toBe('契约比例不能高于您自己的契约');
    expect(fetchSpy).not.toHaveBeenCalled();
    fetchSpy.mockRestore();
  });

  it('says so when the agent has no contract of its own', () => {
    renderWithProviders(<ContractEditor memberId={2} username="member" own={[]} current={[]} onClose={() => {}} />);
    expect(screen.getByText('您还没有奖金契约，不能为下级设置。')).toBeTruthy();
  });
});
