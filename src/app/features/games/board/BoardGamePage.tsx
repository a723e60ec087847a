import { Button, Paper, Stack } from '@mantine/core';
import { memo, useCallback, useState } from 'react';
import type { OrderDetail } from '../../../../shared/api/orders.ts';
import { getDrawType } from '../../../../shared/catalogue/draw-types.ts';
import type { BoardGroupView } from '../../../../shared/lottery/board/index.ts';
import { GamePageLayout } from '../common/GamePageLayout.tsx';
import { IssueBar } from '../common/IssueBar.tsx';
import { RecentResults } from '../common/RecentResults.tsx';
import { useRecordVisit } from '../common/recent-visits.ts';
import { useBetGate } from '../common/use-bet-gate.ts';
import { useForgetOnLogout } from '../common/use-forget-on-logout.ts';
import { salesBlockedReason, useDrawIssue } from '../draws/use-draw-issue.ts';
import { LazyConfirmOrderDialog, LazyInstantResultDialog, useWarmOrderDialogs } from '../orders/lazy-dialogs.tsx';
import { InstantSeedPanel } from '../orders/InstantSeedPanel.tsx';
import { MyOrders } from '../orders/MyOrders.tsx';
import { BoardBetList } from './BoardBetList.tsx';
import { ChipBar } from './ChipBar.tsx';
import { ItemGrid } from './ItemGrid.tsx';
import { PickGrid } from './PickGrid.tsx';
import { useBoardBetting } from './use-board-betting.ts';
import '../games.css';

const GroupTabs = memo(function GroupTabs({ groups, active, onChange }: { groups: readonly BoardGroupView[]; active: string; onChange: (name: string) => void }) {
  return (
    <div role="group" aria-label="盘面分组" className="jl-scroll-row" data-testid="board-groups">
      {groups.map((g) => (
        <Button key={g.name} size="compact-sm" variant={g.name === active ? 'filled' : 'default'} aria-pressed={g.name === active} onClick={() => onChange(g.name)}>
          {g.name}
        </Button>
      ))}
    </div>
  );
});

const SidePanels = memo(function SidePanels({ drawType, instant }: { drawType: string; instant: boolean }) {
  return (
    <Stack gap="md">
      {!instant && <RecentResults drawType={drawType} />}
      <MyOrders drawType={drawType} instant={instant} />
      {instant && <InstantSeedPanel />}
    </Stack>
  );
});

const NO_PICKS: readonly never[] = [];

export function BoardGamePage({ drawType }: { drawType: string }) {
  const info = getDrawType(drawType);
  const view = useDrawIssue(drawType);
  const gate = useBetGate();
  const [instantOrder, setInstantOrder] = useState<OrderDetail | null>(null);
  const board = useBoardBetting(drawType, view, setInstantOrder);
  const { actions, setConfirming } = board;
  useRecordVisit(drawType, 'BOARD', gate.loggedIn);
  useForgetOnLogout();
  useWarmOrderDialogs();
  const group = board.catalogue.groups.find((g) => g.name === board.state.groupName) ?? board.catalogue.groups[0]!;
  const { ensureLoggedIn } = gate;
  const openConfirm = useCallback(() => {
    if (ensureLoggedIn()) setConfirming(true);
  }, [ensureLoggedIn, setConfirming]);

  return (
    <GamePageLayout
      info={info}
      mode="BOARD"
      issueBar={<IssueBar drawType={drawType} view={view} />}
      side={<SidePanels drawType={drawType} instant={info.instant} />}
    >
      <Stack gap="md">
        <Paper withBorder p="sm">
          <Stack gap="sm">
            <GroupTabs groups={board.catalogue.groups} active={group.name} onChange={actions.setGroup} />
            {group.betTypes.map((betType) =>
              betType.kind === 'ITEM' ? (
                <ItemGrid key={betType.id} betType={betType} chosen={board.chosen.get(betType.id) ?? ''} onToggle={actions.toggleItem} />
              ) : (
                <PickGrid
                  key={betType.id}
                  betType={betType}
                  picks={board.state.picks[betType.id] ?? NO_PICKS}
                  onChange={actions.setPicks}
                  onAdd={actions.addPicks}
                />
              ),
            )}
          </Stack>
        </Paper>
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
      </Stack>
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
          onClose={() => setConfirming(false)}
        />
      )}
      {instantOrder && <LazyInstantResultDialog drawType={drawType} order={instantOrder} onClose={() => setInstantOrder(null)} />}
    </GamePageLayout>
  );
}
