// The commission pages' pieces (issue 19 item 6): the tier rules shared with the server, and the
// contract editor refusing, before any request, a contract more generous than the agent's own.
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { onlineManager } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BonusResultList } from '../../src/app/features/agent/commission/BonusResultList.tsx';
import { ContractEditor } from '../../src/app/features/agent/commission/ContractEditor.tsx';
import { percent, tierText } from '../../src/app/features/agent/commission/format.ts';
import { OFFLINE_MONEY_REASON } from '../../src/app/lib/online.ts';
import { categoryRebate, ContractBodySchema, rateAt, withinOwnContract, type BonusResult, type Contract } from '../../src/shared/api/agent-commission.ts';
import { yuan } from '../../src/shared/money.ts';
import { formatPercentBp, PERCENT_TEXT_MESSAGE, readPercentBp } from '../../src/shared/validation/percent-text.ts';
import { renderWithAppClient, renderWithProviders, scriptedServer } from './accounts-harness.tsx';

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

  // Guards the frontend audit: the rate went through Math.round(Number(text) * 100), so 0.125 % was
  // silently saved as 13 bp (0.13 %) and '1e0' or '0x1' were taken as numbers. It is read as decimal
  // text into whole basis points, and anything finer or stranger is refused with a message.
  it('refuses a rate of 0.125 % (never rounds it to 0.13 %), and other texts that are not plain percentages', async () => {
    const puts: unknown[] = [];
    scriptedServer({
      'PUT /ajax/agent/bonus/contracts/42/DW': (body) => {
        puts.push(body);
        return {
          body: {
            id: 1,
            customerId: 42,
            username: 'team_member',
            kind: 'DW',
            frequency: 'DAILY',
            tiers: (body as { tiers: unknown }).tiers,
            updatedAt: own.updatedAt,
          },
        };
      },
    });
    const generous: Contract = { ...own, tiers: [{ volume: 0, activeMembers: 0, rate: 200 }] };
    renderWithAppClient(<ContractEditor memberId={42} username="team_member" own={[generous]} current={[]} onClose={() => {}} />);
    for (const typed of ['0.125', '1e0', '0x1', '-1', '']) {
      fireEvent.change(screen.getByTestId('tier-rate-0'), { target: { value: typed } });
      fireEvent.click(screen.getByTestId('contract-save'));
      await waitFor(() => expect(puts.length > 0 || screen.queryByTestId('contract-error') !== null).toBe(true));
      expect(screen.getByTestId('contract-error').textContent).toBe(PERCENT_TEXT_MESSAGE);
    }
    // What is typed is what is saved: 1.25 % is 125 bp.
    fireEvent.change(screen.getByTestId('tier-rate-0'), { target: { value: '1.25' } });
    fireEvent.click(screen.getByTestId('contract-save'));
    await waitFor(() => expect(puts).toHaveLength(1));
    expect((puts[0] as { tiers: { rate: number }[] }).tiers[0]!.rate).toBe(125);
  });

  it('reads and shows percentages as decimal text in whole basis points', () => {
    expect(readPercentBp('0.01')).toBe(1);
    expect(readPercentBp('1.25')).toBe(125);
    expect(readPercentBp('1.5')).toBe(150);
    expect(readPercentBp('3')).toBe(300);
    expect(readPercentBp('0.29')).toBe(29);
    for (const text of ['0.125', '1e0', '0x1', '-1', '', ' 1', '1.', '.5', 'NaN', '99999999999999999999']) expect(readPercentBp(text)).toBeNull();
    expect([1, 29, 125, 150, 300].map(formatPercentBp)).toEqual(['0.01', '0.29', '1.25', '1.5', '3']);
  });
});

describe('BonusResultList', () => {
  afterEach(() => onlineManager.setOnline(true));

  // Guards the frontend audit: 通过 pays the member, yet both decisions stayed enabled offline. A money
  // action needs a connection and the app says so (decisions §7); with the app's client nothing is queued.
  it('offline, 通过 and 拒绝 are disabled with the reason and nothing is posted', async () => {
    const calls = scriptedServer({ 'POST /ajax/agent/bonus/results/5/approve': () => ({ body: { ok: true } }) });
    const result = {
      id: 5,
      customerId: 42,
      username: 'team_member',
      kind: 'DW',
      frequency: 'DAILY',
      periodStart: '2026-11-20',
      periodEnd: '2026-11-20',
      teamVolume: yuan(10_000),
      activeMembers: 3,
      teamLoss: 0,
      rate: 100,
      grossAmount: yuan(100),
      memberDeduction: 0,
      amount: yuan(100),
      status: 'WAITING_FOR_APPROVAL',
      decidedAt: null,
    } as BonusResult;
    renderWithAppClient(<BonusResultList results={[result]} decidable empty="无" />);
    act(() => onlineManager.setOnline(false));
    const approve = screen.getByTestId('bonus-approve') as HTMLButtonElement;
    expect(approve.disabled).toBe(true);
    expect((screen.getByRole('button', { name: '拒绝' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByTestId('bonus-offline').textContent).toBe(OFFLINE_MONEY_REASON);
    fireEvent.click(approve);
    await act(async () => {});
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
  });
});
