import { Button, Text } from '@mantine/core';
import { lazy, Suspense, useState } from 'react';
import { formatMoney } from '../../../../shared/money.ts';
import { BetBar } from '../common/BetBar.tsx';
import { BoardBetList } from './BoardBetList.tsx';
import { ChipButtons } from './ChipBar.tsx';
import { checkAmount } from './chips.ts';
import type { BoardPage } from './use-board-page.ts';

const BetListDrawer = lazy(() => import('./BetListDrawer.tsx'));

/**
 * The board and dice pages' bet bar: the chips, the 投注单 with its total (a drawer with the whole
 * list) and 投注, so a bet never needs scrolling past the odds table.
 */
export function BoardBetBar({ page }: { page: BoardPage }) {
  const { gate, board, openConfirm } = page;
  const { actions, totals } = board;
  const [listOpen, setListOpen] = useState(false);
  // Mounted from the first opening on, so closing keeps its transition.
  const [listWanted, setListWanted] = useState(false);
  const amount = checkAmount(board.state.amountText);
  const betNow = () => {
    setListOpen(false);
    openConfirm();
  };
  return (
    <BetBar kind="board" blockedReason={gate.blockedReason}>
      <div className="jl-bet-bar-row">
        <ChipButtons amountText={board.state.amountText} onAmount={actions.setAmount} />
        <Text size="sm" className="jl-bar-unit" data-testid="bar-unit">
          每注 {amount.ok ? `${amount.yuan} 元` : '—'}
        </Text>
      </div>
      <div className="jl-bet-bar-row">
        <Button
          variant="default"
          h={44}
          className="jl-bar-list"
          aria-haspopup="dialog"
          onClick={() => {
            setListWanted(true);
            setListOpen(true);
          }}
          data-testid="bar-bet-list"
        >
          投注单 {board.priced.length > 0 ? `${totals.count} 注 · ${formatMoney(totals.stake)}` : '为空'}
        </Button>
        <Button h={44} onClick={betNow} disabled={!totals.valid || gate.blockedReason !== null} data-testid="bar-bet">
          投注
        </Button>
      </div>
      {listWanted && (
        <Suspense fallback={null}>
          <BetListDrawer opened={listOpen} onClose={() => setListOpen(false)}>
            <BoardBetList
              bets={board.priced}
              blockedReason={gate.blockedReason}
              onStake={actions.setStake}
              onRemove={actions.remove}
              onApplyAmount={actions.applyAmount}
              onClear={actions.clear}
              onBet={betNow}
              onAutobet={board.startAutobet}
              inDrawer
            />
          </BetListDrawer>
        </Suspense>
      )}
    </BetBar>
  );
}
