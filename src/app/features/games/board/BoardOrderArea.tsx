import { Paper } from '@mantine/core';
import { salesBlockedReason } from '../draws/use-draw-issue.ts';
import { LazyConfirmOrderDialog, LazyInstantResultDialog } from '../orders/lazy-dialogs.tsx';
import { BoardBetList } from './BoardBetList.tsx';
import { ChipBar } from './ChipBar.tsx';
import type { BoardPage } from './use-board-page.ts';

/** Below the bet areas of the board and dice pages: chips, the bet list, the confirm and instant-result dialogs. */
export function BoardOrderArea({ drawType, page }: { drawType: string; page: BoardPage }) {
  const { info, view, gate, board, openConfirm, instantOrder, closeInstant } = page;
  const { actions } = board;
  return (
    <>
      <Paper withBorder p="sm">
        <ChipBar amountText={board.state.amountText} onAmount={actions.setAmount} />
      </Paper>
      <BoardBetList
        bets={board.priced}
        blockedReason={gate.blockedReason}
        onStake={actions.setStake}
        onRemove={actions.remove}
        onApplyAmount={actions.applyAmount}
        onClear={actions.clear}
        onBet={openConfirm}
        onAutobet={board.startAutobet}
      />
      {board.confirming && (
        <LazyConfirmOrderDialog
          drawName={info.name}
          issueNumber={info.instant ? null : (view.issue?.issueNumber ?? null)}
          lines={board.priced.map(({ bet, priced }) => ({
            key: bet.id,
            title: `${bet.betTypeName} ${bet.label}`,
            detail: `@${bet.odds}${priced.ok && priced.combinations > 1 ? ` · ${priced.combinations} 组` : ''}`,
            amount: priced.ok ? priced.totalStake : 0,
          }))}
          betCount={board.totals.count}
          total={board.totals.stake}
          blockedReason={gate.blockedReason ?? salesBlockedReason(view)}
          onConfirm={board.submit}
          onClose={() => board.setConfirming(false)}
        />
      )}
      {instantOrder && <LazyInstantResultDialog drawType={drawType} order={instantOrder} onClose={closeInstant} />}
    </>
  );
}
