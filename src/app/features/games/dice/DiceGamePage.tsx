import { Paper, Stack, Text } from '@mantine/core';
import { memo } from 'react';
import type { DrawnIssue } from '../../../../shared/api/draws.ts';
import { GamePageLayout } from '../common/GamePageLayout.tsx';
import { IssueBar } from '../common/IssueBar.tsx';
import { RecentResults } from '../common/RecentResults.tsx';
import { MyOrders } from '../orders/MyOrders.tsx';
import { BoardBetBar } from '../board/BoardBetBar.tsx';
import { BoardOrderArea } from '../board/BoardOrderArea.tsx';
import { ItemGrid } from '../board/ItemGrid.tsx';
import { PickGrid } from '../board/PickGrid.tsx';
import { useBoardPage } from '../board/use-board-page.ts';
import { Die, DiceName, diceSummary } from './Die.tsx';
import { DiceStage } from './DiceStage.tsx';
import '../games.css';

const renderDiceName = (name: string) => <DiceName name={name} />;
// Bet types whose items are die values (the 点数 sums are numbers, not dice).
const DICE_FACE_BET_TYPES = new Set(['SINGLE', 'TRIPLE', 'DOUBLE', 'COMBINATION', 'PAIR_ANY', 'THREE_DISTINCT', 'PAIR_SINGLE']);
const renderFor = (betTypeId: string) => (DICE_FACE_BET_TYPES.has(betTypeId) ? renderDiceName : undefined);
const NO_PICKS: readonly never[] = [];

function HistoryThrow({ issue }: { issue: DrawnIssue }) {
  if (!issue.result) return <Text size="sm">等待开奖</Text>;
  return (
    <span className="jl-dice-row" style={{ ['--jl-die-size' as string]: '22px' }} role="img" aria-label={`开奖 ${issue.result.join(' ')}，${diceSummary(issue.result)}`}>
      {issue.result.map((face, i) => (
        <Die key={i} face={face} />
      ))}
      <Text span size="sm" aria-hidden="true" className="jl-throw-summary">
        {diceSummary(issue.result)}
      </Text>
    </span>
  );
}

const renderThrow = (issue: DrawnIssue) => <HistoryThrow issue={issue} />;

const SidePanels = memo(function SidePanels({ drawType, instant }: { drawType: string; instant: boolean }) {
  return (
    <Stack gap="md">
      <RecentResults drawType={drawType} render={renderThrow} />
      <MyOrders drawType={drawType} instant={instant} />
    </Stack>
  );
});

/** 骰宝: the dice table (every bet area at once), chips, the rolling result and the history. */
export function DiceGamePage({ drawType }: { drawType: string }) {
  const page = useBoardPage(drawType);
  const { info, view, board } = page;
  const { actions } = board;

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
          <DiceStage latest={view.latest} />
        </Paper>
        <Paper withBorder p="sm" className="jl-dice-table" data-testid="dice-table">
          <Stack gap="md">
            {board.catalogue.groups.flatMap((group) =>
              group.betTypes.map((betType) =>
                betType.kind === 'ITEM' ? (
                  <ItemGrid
                    key={betType.id}
                    betType={betType}
                    chosen={board.chosen.get(betType.id) ?? ''}
                    onToggle={actions.toggleItem}
                    renderName={renderFor(betType.id)}
                  />
                ) : (
                  <PickGrid
                    key={betType.id}
                    betType={betType}
                    picks={board.state.picks[betType.id] ?? NO_PICKS}
                    onChange={actions.setPicks}
                    onAdd={actions.addPicks}
                    renderName={renderFor(betType.id)}
                  />
                ),
              ),
            )}
          </Stack>
        </Paper>
        <BoardOrderArea drawType={drawType} page={page} />
      </Stack>
    </GamePageLayout>
  );
}
