// The autobet screen (root overlay `?autobetFor=`): opened from the bet slip, plans previewed with
// the shared planner, placed as one autobet, then its detail. Not for trial players; visitors log in.
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { onlineManager } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { storeAutobetRequest, clearAutobetRequest } from '../../src/app/features/autobet/autobet-request.ts';
import { autobetAllowed } from '../../src/app/features/autobet/index.ts';
import { trialRestriction, closeTrialRestriction } from '../../src/app/features/notifications/trial-restriction.ts';
import { OFFLINE_MONEY_REASON } from '../../src/app/lib/online.ts';
import { planAutobet } from '../../src/shared/autobet/plan.ts';
import { prizeTable } from '../../src/shared/lottery/index.ts';
import { formatMoney, yuan } from '../../src/shared/money.ts';
import { detailOf, DWD_REQUEST, renderApp, stubApi, VISITORS, type FakeCall } from './autobet-harness.tsx';

let calls: FakeCall[];

beforeEach(() => {
  clearAutobetRequest();
  closeTrialRestriction();
  calls = stubApi((call) => {
    if (call.method === 'POST' && call.url === '/ajax/autobet') return { body: detailOf({ autobetId: '42' }) };
    if (call.method === 'GET' && call.url === '/ajax/autobet/42') return { body: detailOf({ autobetId: '42' }) };
    return undefined;
  });
});
afterEach(() => vi.unstubAllGlobals());

const previewRows = () => within(screen.getByTestId('plan-preview')).getAllByRole('row').slice(1);
const column = (index: number) => previewRows().map((row) => within(row).getAllByRole('cell')[index]!.textContent);

function setNumber(testId: string, value: string) {
  fireEvent.change(screen.getByTestId(testId), { target: { value } });
}

async function openScreen() {
  const app = await renderApp(VISITORS.player, { slip: DWD_REQUEST });
  fireEvent.click(screen.getByTestId('slip-autobet'));
  await screen.findByTestId('plan-preview');
  return app;
}

describe('opening the autobet screen from the bet slip', () => {
  it('opens as a root overlay addressed by the draw type and play mode', async () => {
    const { router } = await openScreen();
    expect(router.state.location.search).toMatchObject({ autobetFor: 'UUFFC.REGULAR' });
    expect(screen.getByTestId('autobet-screen').textContent).toContain('锦鲤分分彩');
  });

  it('sends a visitor to the login modal', async () => {
    const { router } = await renderApp(VISITORS.anonymous, { slip: DWD_REQUEST });
    fireEvent.click(screen.getByTestId('slip-autobet'));
    await waitFor(() => expect(router.state.location.search).toMatchObject({ auth: 'login' }));
    expect(screen.queryByTestId('autobet-screen')).toBeNull();
  });

  it('shows a trial player the trial alert instead (spec §6), and never the screen', async () => {
    const first = await renderApp(VISITORS.trial, { slip: DWD_REQUEST });
    fireEvent.click(screen.getByTestId('slip-autobet'));
    expect(trialRestriction.get()).toEqual({ operation: '追号' });
    first.unmount();
    storeAutobetRequest(DWD_REQUEST);
    await renderApp(VISITORS.trial, { path: '/?autobetFor=UUFFC.REGULAR' });
    expect(screen.queryByTestId('autobet-screen')).toBeNull();
  });

  it('is offered for periodic draws to everyone but trial players; never for instant draws or 六合彩 (spec §4)', () => {
    expect(autobetAllowed('UUFFC', VISITORS.player)).toBe(true);
    expect(autobetAllowed('UUFFC', null)).toBe(true);
    expect(autobetAllowed('UUFFC', VISITORS.trial)).toBe(false);
    for (const code of ['MKSSC', 'MKK3', 'MARK6', 'UUMARK6', 'AMMARK6']) expect(autobetAllowed(code, VISITORS.player), code).toBe(false);
  });

  it('says the bets are gone when the screen is reached without them', async () => {
    await renderApp(VISITORS.player, { path: '/?autobetFor=UUFFC.REGULAR' });
    expect((await screen.findByTestId('autobet-screen')).textContent).toContain('投注内容已失效');
  });

  it('starts from the slip’s multiplier and sends the bets at multiplier 1', async () => {
    await renderApp(VISITORS.player, { slip: { ...DWD_REQUEST, bets: [{ ...DWD_REQUEST.bets[0]!, multiplier: 3 }] } as never });
    fireEvent.click(screen.getByTestId('slip-autobet'));
    await screen.findByTestId('plan-preview');
    expect((screen.getByTestId('plan-multiplier') as HTMLInputElement).value).toBe('3');
    expect(column(2)).toEqual(Array(10).fill('3'));
    fireEvent.click(screen.getByTestId('autobet-submit'));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    const body = calls.find((c) => c.method === 'POST')!.body as { bets: { multiplier: number }[] };
    expect(body.bets.map((b) => b.multiplier)).toEqual([1]);
  });
});

describe('a slip of bets at different multipliers', () => {
  it('is refused with a Chinese message instead of being flattened, and nothing can be placed', async () => {
    const [line] = DWD_REQUEST.bets;
    await renderApp(VISITORS.player, { slip: { ...DWD_REQUEST, bets: [{ ...line!, multiplier: 2 }, { ...line!, multiplier: 5 }] } as never });
    fireEvent.click(screen.getByTestId('slip-autobet'));
    await screen.findByTestId('autobet-screen');
    expect((await screen.findByTestId('plan-problem')).textContent).toBe('投注单中各注倍数不同，追号的每一期只能按同一倍数投注，请将各注改为相同倍数后再追号');
    expect(screen.queryByTestId('plan-preview')).toBeNull();
    expect((screen.getByTestId('autobet-submit') as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByTestId('autobet-submit'));
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });
});

describe('plans and their preview (shared planner)', () => {
  it('doubling over 5 issues: multipliers, stakes and cumulative cost', async () => {
    await openScreen();
    fireEvent.click(screen.getByRole('radio', { name: '翻倍追号' }));
    setNumber('plan-issues', '5');
    expect(column(0)).toEqual(['1', '2', '3', '4', '5']);
    expect(column(2)).toEqual(['1', '2', '4', '8', '16']);
    expect(column(3)).toEqual([2, 4, 8, 16, 32].map((n) => formatMoney(yuan(n))));
    expect(column(4)).toEqual([2, 6, 14, 30, 62].map((n) => formatMoney(yuan(n))));
    expect(screen.getByTestId('plan-total').textContent).toBe('共 5 期，合计 ¥62.00');
    setNumber('plan-every', '2');
    setNumber('plan-factor', '3');
    expect(column(2)).toEqual(['1', '1', '3', '3', '9']);
  });

  it('profit rate: the preview is the shared planner over the engine’s units', async () => {
    await openScreen();
    fireEvent.click(screen.getByRole('radio', { name: '利润率追号' }));
    setNumber('plan-issues', '12');
    setNumber('plan-profit-rate', '30');
    // One 定位胆 注 at 1950: ¥2 a unit, the top prize of one 注 per win.
    const units = { stakeUnit: yuan(2), prizeUnit: prizeTable('UUFFC', 'DWD', 1950)[0]!.prize, maxMultiplier: 10_000 };
    const planned = planAutobet({ kind: 'PROFIT', issues: 12, minMultiplier: 1, profitRate: 30 }, units);
    expect(column(2)).toEqual(planned.map((p) => String(p.multiplier)));
    expect(column(4)).toEqual(planned.map((p) => formatMoney(p.cumulativeCost)));
    expect(column(5)).toEqual(planned.map((p) => formatMoney(p.profitIfWin)));
    expect(column(6)).toEqual(planned.map((p) => `${p.profitRate}%`));
    expect(planned.every((p) => p.profitRate >= 30)).toBe(true);
    expect(new Set(column(2)).size).toBeGreaterThan(1);
  });

  it('names what is wrong and refuses to place an unusable plan', async () => {
    await openScreen();
    setNumber('plan-issues', '0');
    expect(screen.getByTestId('plan-problem').textContent).toBe('追号期数必须在 1~120 之间');
    expect((screen.getByTestId('autobet-submit') as HTMLButtonElement).disabled).toBe(true);
    setNumber('plan-issues', '10');
    fireEvent.click(screen.getByRole('radio', { name: '利润率追号' }));
    setNumber('plan-profit-rate', '900');
    expect(screen.getByTestId('plan-problem').textContent).toBe('利润率过高，无法生成追号计划');
    expect((screen.getByTestId('autobet-submit') as HTMLButtonElement).disabled).toBe(true);
  });

  it('board bets offer only same-multiplier and doubling plans', async () => {
    await renderApp(VISITORS.player, {
      slip: { drawType: 'UUFFC', playMode: 'BOARD', bets: [{ betTypeId: 'BIG_SMALL', selection: 'BIG', stake: yuan(10) }] } as never,
    });
    fireEvent.click(screen.getByTestId('slip-autobet'));
    await screen.findByTestId('autobet-screen');
    expect(screen.getByRole('radio', { name: '同倍追号' })).toBeTruthy();
    expect(screen.getByRole('radio', { name: '翻倍追号' })).toBeTruthy();
    expect(screen.queryByRole('radio', { name: '利润率追号' })).toBeNull();
  });
});

describe('board bets and their stake caps', () => {
  it('the preview stops where the strictest bet type’s maximum stake does (五条: ¥1000 a bet)', async () => {
    await renderApp(VISITORS.player, {
      slip: { drawType: 'UUFFC', playMode: 'BOARD', bets: [{ betTypeId: 'FORM_FIVE', selection: 'FIVE_OF_A_KIND', stake: yuan(10) }] } as never,
    });
    fireEvent.click(screen.getByTestId('slip-autobet'));
    await screen.findByTestId('autobet-screen');
    fireEvent.click(screen.getByRole('radio', { name: '翻倍追号' }));
    setNumber('plan-issues', '7');
    await waitFor(() => expect(column(2)).toEqual(['1', '2', '4', '8', '16', '32', '64']));
    setNumber('plan-issues', '8');
    expect(screen.getByTestId('plan-problem').textContent).toBe('第 8 期倍数超出上限 100，请减少期数或调整计划');
    expect((screen.getByTestId('autobet-submit') as HTMLButtonElement).disabled).toBe(true);
  });
});

describe('placing the autobet', () => {
  it('posts one autobet with the plan and stop-on-win, then shows its detail in place of the screen', async () => {
    const { router } = await openScreen();
    fireEvent.click(screen.getByRole('radio', { name: '翻倍追号' }));
    setNumber('plan-issues', '5');
    await act(async () => {
      fireEvent.click(screen.getByTestId('autobet-submit'));
    });
    await screen.findByTestId('autobet-detail');
    const post = calls.find((c) => c.method === 'POST')!;
    expect(post.url).toBe('/ajax/autobet');
    expect(post.body).toMatchObject({
      drawType: 'UUFFC',
      playMode: 'REGULAR',
      bets: DWD_REQUEST.bets,
      plan: { kind: 'DOUBLE', issues: 5, multiplier: 1, every: 1, factor: 2 },
      stopOnWin: true,
    });
    expect(typeof (post.body as { clientKey: string }).clientKey).toBe('string');
    expect(String((router.state.location.search as { autobet?: unknown }).autobet)).toBe('42');
    expect(router.state.location.search).not.toHaveProperty('autobetFor');
    expect(screen.queryByTestId('autobet-screen')).toBeNull();
  });

  it('can turn stop-on-win off', async () => {
    await openScreen();
    fireEvent.click(screen.getByTestId('plan-stop-on-win'));
    await act(async () => {
      fireEvent.click(screen.getByTestId('autobet-submit'));
    });
    await waitFor(() => expect(calls.find((c) => c.method === 'POST')?.body).toMatchObject({ stopOnWin: false }));
  });
  // Guards the frontend audit: 确认追号 was disabled only without a plan, so a player offline could send
  // the plan (to fail, or worse, land when the radio woke). A money action: offline it is off, with the reason.
  it('offline, 确认追号 is disabled with the reason and nothing is posted', async () => {
    try {
      await openScreen();
      act(() => onlineManager.setOnline(false));
      const submit = screen.getByTestId('autobet-submit') as HTMLButtonElement;
      expect(submit.disabled).toBe(true);
      expect(screen.getByTestId('autobet-offline').textContent).toBe(OFFLINE_MONEY_REASON);
      fireEvent.click(submit);
      await act(async () => {});
      expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
    } finally {
      act(() => onlineManager.setOnline(true));
    }
  });
});
