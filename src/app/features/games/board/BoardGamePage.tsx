import { Button, Paper, Stack } from '@mantine/core';
import { memo } from 'react';
import type { BoardGroupView } from '../../../../shared/lottery/board/index.ts';
import { GamePageLayout } from '../common/GamePageLayout.tsx';
import { IssueBar } from '../common/IssueBar.tsx';
import { RecentResults } from '../common/RecentResults.tsx';
import { InstantSeedPanel } from '../orders/InstantSeedPanel.tsx';
import { MyOrders } from '../orders/MyOrders.tsx';
import { BoardBetBar } from './BoardBetBar.tsx';
import { BoardOrderArea } from './BoardOrderArea.tsx';
import { ItemGrid } from './ItemGrid.tsx';
import { PickGrid } from './PickGrid.tsx';
import { useBoardPage } from './use-board-page.ts';
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
  const page = useBoardPage(drawType);
  const { info, view, board } = page;
  const { actions } = board;
  const group = board.catalogue.groups.find((g) => g.name === board.state.groupName) ?? board.catalogue.groups[0]!;

  return (
    <GamePageLayout
      info={info}
      mode="BOARD"
      issueBar={<IssueBar drawType={drawType} view={view} />}
      side={<SidePanels drawType={drawType} instant={info.instant} />}
      betBar={<BoardBetBar page={page} />}
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
        <BoardOrderArea drawType={drawType} page={page} />
      </Stack>
    </GamePageLayout>
  );
}
