import { useCallback, useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { OrderDetail } from '../../../../shared/api/orders.ts';
import { boardCatalogue, type BoardBetTypeView, type BoardPickId, type BoardSettings } from '../../../../shared/lottery/board/index.ts';
import { yuan } from '../../../../shared/money.ts';
import { serverNow } from '../../../components/draw/server-clock.ts';
import { toastError, toastSuccess } from '../../../lib/notify.ts';
import { useAutobetAvailable, useOpenAutobetScreen } from '../../autobet/index.ts';
import type { IssueView } from '../draws/use-draw-issue.ts';
import { placeWithOrderKey, type OrderContent } from '../orders/order-key.ts';
import { usePlaceOrder } from '../orders/use-place-order.ts';
import { boardSettingsQueryOptions } from './board-settings-query.ts';
import { beijingDate, boardBetInput, itemBet, pickBet, priceBoardBet, sameSelection, withStakeText } from './board-bets.ts';
import { boardTotals, type PricedSlipBet } from './BoardBetList.tsx';
import { boardStore, updateBoard, useBoardGameState } from './board-store.ts';
import { checkAmount } from './chips.ts';

/** Store updates of one draw type's board; they read the store when called, so they never change. */
function boardActions(drawType: string) {
  const read = () => boardStore(drawType).get();
  const update = (change: Parameters<typeof updateBoard>[1]) => updateBoard(drawType, change);
  const stakeNow = () => {
    const amount = checkAmount(read().amountText);
    if (amount.ok) return yuan(amount.yuan);
    toastError(amount.message);
    return null;
  };
  return {
    toggleItem: (betType: BoardBetTypeView, itemId: string) => {
      const existing = read().bets.find((b) => b.betTypeId === betType.id && sameSelection(b.selection, itemId));
      if (existing) return update((s) => ({ ...s, bets: s.bets.filter((b) => b.id !== existing.id) }));
      const stake = stakeNow();
      if (stake !== null) update((s) => ({ ...s, bets: [...s.bets, itemBet(betType, itemId, stake)] }));
    },
    setPicks: (betTypeId: string, picks: BoardPickId[]) => update((s) => ({ ...s, picks: { ...s.picks, [betTypeId]: picks } })),
    addPicks: (betType: BoardBetTypeView) => {
      const picks = read().picks[betType.id] ?? [];
      if (picks.length === 0) return;
      const stake = stakeNow();
      if (stake === null) return;
      update((s) => ({ ...s, bets: [...s.bets, pickBet(betType, picks, stake)], picks: { ...s.picks, [betType.id]: [] } }));
    },
    setAmount: (amountText: string) => update((s) => ({ ...s, amountText })),
    setStake: (id: string, text: string) => update((s) => ({ ...s, bets: s.bets.map((b) => (b.id === id ? withStakeText(b, text) : b)) })),
    remove: (id: string) => update((s) => ({ ...s, bets: s.bets.filter((b) => b.id !== id) })),
    applyAmount: () => {
      const amount = checkAmount(read().amountText);
      if (!amount.ok) return toastError(amount.message);
      update((s) => ({ ...s, bets: s.bets.map((b) => withStakeText(b, String(amount.yuan))) }));
    },
    clear: () => update((s) => ({ ...s, bets: [] })),
    setGroup: (groupName: string) => update((s) => ({ ...s, groupName })),
  };
}

export type BoardActions = ReturnType<typeof boardActions>;

/** The board with the operator's odds and 退水 (the server checked them); the defaults until they are known. */
function operatorCatalogue(drawType: string, settings: BoardSettings | undefined, drawDate: string) {
  if (settings) {
    try {
      return boardCatalogue(drawType, settings, drawDate);
    } catch {
      // Settings this build's engine does not know: show the defaults rather than no board.
    }
  }
  return boardCatalogue(drawType, undefined, drawDate);
}
const cache = new Map<string, BoardActions>();

function stableBoardActions(drawType: string): BoardActions {
  let actions = cache.get(drawType);
  if (!actions) cache.set(drawType, (actions = boardActions(drawType)));
  return actions;
}

/** Everything the board and dice pages share: the catalogue, the bet list, stakes and placing the order. */
export function useBoardBetting(drawType: string, view: IssueView, onInstant: (order: OrderDetail) => void) {
  const state = useBoardGameState(drawType);
  const actions = stableBoardActions(drawType);
  // The server prices on the Beijing date of the bet; 六合彩 reads its 生肖 year from it.
  const drawDate = beijingDate(serverNow());
  const settings = useQuery(boardSettingsQueryOptions(drawType)).data;
  const catalogue = useMemo(() => operatorCatalogue(drawType, settings, drawDate), [drawType, settings, drawDate]);
  const priced: PricedSlipBet[] = useMemo(
    () =>
      state.bets.map((bet) => {
        const typed = checkAmount(bet.stakeText);
        return { bet, priced: typed.ok ? priceBoardBet(drawType, drawDate, bet) : { ok: false as const, message: typed.message } };
      }),
    [drawType, drawDate, state.bets],
  );
  /** Per bet type, the items in the bet list, as one string so memoised grids compare it cheaply. */
  const chosen = useMemo(() => {
    const byType = new Map<string, string[]>();
    for (const bet of state.bets) {
      if (typeof bet.selection === 'string') byType.set(bet.betTypeId, [...(byType.get(bet.betTypeId) ?? []), bet.selection]);
    }
    return new Map([...byType].map(([id, items]) => [id, items.join('\n')]));
  }, [state.bets]);
  const place = usePlaceOrder(drawType);
  const [confirming, setConfirming] = useState(false);

  const submit = useCallback(async (): Promise<boolean> => {
    try {
      const content: OrderContent = {
        playMode: 'BOARD',
        drawType,
        ...(view.issue && view.phase !== 'instant' ? { issueNumber: view.issue.issueNumber } : {}),
        bets: boardStore(drawType).get().bets.map(boardBetInput),
      };
      const { order } = await placeWithOrderKey(content, (body) => place.mutateAsync(body));
      actions.clear();
      if (order.result) onInstant(order);
      else toastSuccess(`投注成功，第 ${order.issueNumber} 期`);
      return true;
    } catch {
      return false;
    }
  }, [place, drawType, view, actions, onInstant]);

  const autobetAvailable = useAutobetAvailable(drawType);
  const openAutobet = useOpenAutobetScreen();
  const startAutobet = useCallback(
    () => openAutobet({ drawType, playMode: 'BOARD', bets: boardStore(drawType).get().bets.map(boardBetInput) }),
    [openAutobet, drawType],
  );

  return {
    state,
    actions,
    catalogue,
    priced,
    chosen,
    totals: boardTotals(priced),
    confirming,
    setConfirming,
    submit,
    startAutobet: autobetAvailable ? startAutobet : undefined,
  };
}
