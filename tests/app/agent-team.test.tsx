// The agent team pieces (issue 19): the prize-group form offers only the groups the server would
// accept, the transfer form checks the amount by the spec §5 rule before sending, sends the amount as
// typed with one client key per transfer, and the agent menu lists every agent page.
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { onlineManager } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MemberDetail, TransferConfig } from '../../src/shared/api/agent-team.ts';
import { yuan } from '../../src/shared/money.ts';
import { AGENT_MENU_ENTRIES } from '../../src/app/features/agent/team/agent-menu-entries.ts';
import { PrizeGroupForm, prizeGroupChoices } from '../../src/app/features/agent/team/PrizeGroupForm.tsx';
import { TransferForm } from '../../src/app/features/agent/team/TransferForm.tsx';
import { OFFLINE_MONEY_REASON } from '../../src/app/lib/online.ts';
import { renderWithAppClient, renderWithProviders, scriptedServer } from './accounts-harness.tsx';

const toasts = vi.hoisted(() => ({ errors: [] as string[], successes: [] as string[] }));
vi.mock('../../src/app/lib/notify.ts', () => ({
  toastError: (message: string) => toasts.errors.push(message),
  toastSuccess: (message: string) => toasts.successes.push(message),
}));

const MEMBER: MemberDetail = {
  id: 42,
  username: 'team_member',
  alias: '成员',
  type: 'AGENT',
  prizeGroup: 1950,
  balance: 0,
  level: 1,
  memberCount: 3,
  lastLoginAt: null,
  createdAt: Date.UTC(2026, 0, 2),
  parentUsername: 'demo_agent',
  trail: [{ id: 42, username: 'team_member' }],
  prizeGroupEditable: true,
  prizeGroupMin: 1944,
  prizeGroupMax: 1956,
  transferable: true,
};

const CONFIG: TransferConfig = { balance: yuan(500), minAmount: yuan(1), maxAmount: yuan(50_000), dailyAmountLimit: yuan(200_000), usedToday: 0, hasMoneyPassword: true };

beforeEach(() => {
  toasts.errors.length = 0;
  toasts.successes.length = 0;
});

describe('PrizeGroupForm', () => {
  it('offers the even groups between the member’s floor and the agent’s own group, highest first', () => {
    expect(prizeGroupChoices(1944, 1956)).toEqual([1956, 1954, 1952, 1950, 1948, 1946, 1944]);
    expect(prizeGroupChoices(1950, 1950)).toEqual([1950]);
  });

  it('saves the chosen group', async () => {
    const calls = scriptedServer({ 'PUT /ajax/agent/members/42/prize-group': (body) => ({ body: { ...MEMBER, ...(body as object) } }) });
    renderWithProviders(<PrizeGroupForm member={MEMBER} />);
    const select = screen.getByTestId('prize-group-select') as HTMLSelectElement;
    expect([...select.options].map((o) => o.value)).toEqual(['1956', '1954', '1952', '1950', '1948', '1946', '1944']);
    fireEvent.change(select, { target: { value: '1946' } });
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() => expect(calls.map((c) => c.body)).toEqual([{ prizeGroup: 1946 }]));
    await waitFor(() => expect(toasts.successes).toContain('team_member 的奖金组已改为 1946'));
  });
});

describe('TransferForm', () => {
  it('refuses an amount outside the limits without calling the server, then sends the amount as typed', async () => {
    const calls = scriptedServer({
      'GET /ajax/agent/wallet/transfer-config': () => ({ body: CONFIG }),
      'POST /ajax/agent/transfers': () => ({
        body: { id: 1, reference: 'TT2026010100000001', memberId: 42, username: 'team_member', amount: yuan(100), balance: yuan(400), createdAt: 0 },
      }),
    });
    renderWithProviders(<TransferForm member={MEMBER} />);
    const amount = await screen.findByLabelText('转账金额（元）');
    expect(screen.getByTestId('transfer-balance').textContent).toBe('¥500.00');
    fireEvent.change(amount, { target: { value: '0.5' } });
    fireEvent.change(screen.getByLabelText('资金密码'), { target: { value: 'pay-pass1' } });
    fireEvent.click(screen.getByRole('button', { name: '确认转账' }));
    await waitFor(() => expect(toasts.errors).toContain('转账金额不能低于 1 元'));
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);

    fireEvent.change(amount, { target: { value: '100' } });
    fireEvent.click(screen.getByRole('button', { name: '确认转账' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1));
    const sent = calls.find((c) => c.method === 'POST')!.body as { memberId: number; amount: string; moneyPassword: string; clientKey: string };
    expect(sent).toMatchObject({ memberId: 42, amount: '100', moneyPassword: 'pay-pass1' });
    expect(sent.clientKey).toMatch(/^[0-9a-f-]{36}$/);
    await waitFor(() => expect(toasts.successes).toContain('已向 team_member 转账 ¥100.00'));
  });

  // Guards the frontend audit: 团队转账 stayed enabled offline (money actions need a connection and the
  // app says so, decisions §7). With the app's query client a mutation is sent at once, online or not.
  describe('offline', () => {
    afterEach(() => onlineManager.setOnline(true));

    it('the form is disabled with the reason, and nothing is posted', async () => {
      const calls = scriptedServer({
        'GET /ajax/agent/wallet/transfer-config': () => ({ body: CONFIG }),
        'POST /ajax/agent/transfers': () => ({
          body: { id: 1, reference: 'TT1', memberId: 42, username: 'team_member', amount: yuan(100), balance: yuan(400), createdAt: 0 },
        }),
      });
      renderWithAppClient(<TransferForm member={MEMBER} />);
      const amount = await screen.findByLabelText('转账金额（元）');
      act(() => onlineManager.setOnline(false));
      fireEvent.change(amount, { target: { value: '100' } });
      fireEvent.change(screen.getByLabelText('资金密码'), { target: { value: 'pay-pass1' } });
      const button = screen.getByRole('button', { name: '确认转账' }) as HTMLButtonElement;
      expect(button.disabled || button.closest('fieldset')?.disabled === true).toBe(true);
      expect(screen.getByTestId('transfer-offline').textContent).toBe(OFFLINE_MONEY_REASON);
      fireEvent.submit(screen.getByTestId('transfer-form'));
      await act(async () => {});
      expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
    });
  });
});

describe('the agent menu', () => {
  it('lists every agent page of spec §2.1 once', () => {
    expect(AGENT_MENU_ENTRIES.map((e) => e.label)).toEqual(['团队概览', '团队管理', '团队盈亏', '团队投注', '团队钱包', '团队返点', '链接开户', '链接管理', '手动开户', '团队聊天']);
    expect(new Set(AGENT_MENU_ENTRIES.map((e) => e.href)).size).toBe(10);
    for (const entry of AGENT_MENU_ENTRIES) expect(entry.href).toMatch(/^\/agent\//);
  });
});
