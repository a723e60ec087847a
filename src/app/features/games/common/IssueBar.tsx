import { Group, Paper, Text } from '@mantine/core';
import { memo } from 'react';
import { Countdown } from '../../../components/draw/Countdown.tsx';
import { DrawingBalls, ResultBalls } from '../../../components/draw/ResultBalls.tsx';
import { useServerClockValue } from '../../../components/draw/server-clock.ts';
import type { Issue } from '../../../../shared/api/draws.ts';
import type { IssueView } from '../draws/use-draw-issue.ts';
import { LastKnownAge } from './LastKnownAge.tsx';

/** The countdown turns into a 封盘 warning this long before sales close. */
export const CLOSING_WARNING_MS = 10_000;

function ClosingCountdown({ issue }: { issue: Issue }) {
  const closing = useServerClockValue((second) => second * 1000 >= issue.closesAt - CLOSING_WARNING_MS);
  return (
    <>
      {closing ? (
        <Text fw={700} className="jl-danger jl-nowrap" data-testid="closing-soon">
          即将封盘
        </Text>
      ) : (
        <Text c="dimmed" className="jl-nowrap">
          距封盘
        </Text>
      )}
      <Countdown to={issue.closesAt} label="距封盘" />
    </>
  );
}

function OfflineStatus({ view }: { view: IssueView }) {
  if (!view.lastKnownAt) return <Text c="dimmed">网络已断开，暂无期号数据</Text>;
  return (
    <Group gap={6} wrap="wrap" data-testid="issue-last-known">
      {view.issue && (
        <Text fw={600} className="jl-nowrap">
          第 {view.issue.issueNumber} 期
        </Text>
      )}
      <LastKnownAge fetchedAt={view.lastKnownAt} testId="issue-age" />
    </Group>
  );
}

function IssueStatus({ view }: { view: IssueView }) {
  const { phase, issue } = view;
  if (phase === 'instant') return <Text fw={600}>秒开 · 投注后立即开奖</Text>;
  if (phase === 'loading') return <Text c="dimmed">正在获取期号…</Text>;
  if (phase === 'offline') return <OfflineStatus view={view} />;
  if (phase === 'none' || !issue) return <Text c="dimmed">暂无可投注期号</Text>;
  if (phase === 'closed') {
    return (
      <Text fw={600} className="jl-danger" data-testid="sales-closed">
        第 {issue.issueNumber} 期已截止投注，等待下一期
      </Text>
    );
  }
  const opening = phase === 'upcoming';
  return (
    <Group gap={6} wrap="nowrap">
      <Text fw={600} data-testid="issue-number">
        第 {issue.issueNumber} 期
      </Text>
      {opening ? (
        <>
          <Text c="dimmed">距开售</Text>
          <Countdown to={issue.opensAt} label="距开售" />
        </>
      ) : (
        <ClosingCountdown issue={issue} />
      )}
    </Group>
  );
}

function LatestResult({ drawType, view }: { drawType: string; view: IssueView }) {
  if (view.phase === 'instant') return null;
  const drawing = view.drawing;
  if (drawing && (view.latest?.drawAt ?? 0) < drawing.drawAt) {
    return (
      <Group gap={8} wrap="nowrap" className="jl-latest-result" data-testid="drawing" aria-live="polite">
        <Text size="sm" c="dimmed" className="jl-nowrap">
          第 {drawing.issueNumber} 期
        </Text>
        <DrawingBalls drawType={drawType} />
      </Group>
    );
  }
  const latest = view.latest;
  return (
    <Group gap={8} wrap="nowrap" className="jl-latest-result" aria-live="polite">
      <Text size="sm" c="dimmed" className="jl-nowrap">
        {latest ? `第 ${latest.issueNumber} 期` : '最新开奖'}
      </Text>
      {latest?.state === 'CANCELLED' ? <Text size="sm">本期已撤销</Text> : <ResultBalls drawType={drawType} result={latest?.result ?? null} size="sm" />}
    </Group>
  );
}

/**
 * The issue on sale with its server-clock countdown, and the latest result; sized so updates never
 * shift the page. It stays under the header while the page scrolls (games.css).
 */
export const IssueBar = memo(function IssueBar({ drawType, view }: { drawType: string; view: IssueView }) {
  return (
    <Paper withBorder p="sm" className="jl-issue-bar" data-testid="issue-bar" data-phase={view.phase}>
      <div className="jl-issue-status">
        <IssueStatus view={view} />
      </div>
      <LatestResult drawType={drawType} view={view} />
    </Paper>
  );
});
