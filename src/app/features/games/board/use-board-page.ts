import { useCallback, useState } from 'react';
import type { OrderDetail } from '../../../../shared/api/orders.ts';
import { getDrawType } from '../../../../shared/catalogue/draw-types.ts';
import { useRecordVisit } from '../common/recent-visits.ts';
import { useBetGate } from '../common/use-bet-gate.ts';
import { useDrawIssue } from '../draws/use-draw-issue.ts';
import { useWarmOrderDialogs } from '../orders/lazy-dialogs.tsx';
import { useBoardBetting } from './use-board-betting.ts';

/** What the board page and the dice page both run: issue, gate, betting state and the open dialogs. */
export function useBoardPage(drawType: string) {
  const info = getDrawType(drawType);
  const view = useDrawIssue(drawType);
  const gate = useBetGate();
  const [instantOrder, setInstantOrder] = useState<OrderDetail | null>(null);
  const board = useBoardBetting(drawType, view, setInstantOrder);
  const { setConfirming } = board;
  const { ensureLoggedIn } = gate;
  const openConfirm = useCallback(() => {
    if (ensureLoggedIn()) setConfirming(true);
  }, [ensureLoggedIn, setConfirming]);
  const closeInstant = useCallback(() => setInstantOrder(null), []);
  useRecordVisit(drawType, 'BOARD', gate.loggedIn);
  useWarmOrderDialogs();
  return { info, view, gate, board, openConfirm, instantOrder, closeInstant };
}

export type BoardPage = ReturnType<typeof useBoardPage>;
