import { Group, Paper, Skeleton, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { memo, type ReactNode } from 'react';
import type { DrawnIssue } from '../../../../shared/api/draws.ts';
import { shortDrawNumber } from '../../../../shared/draws/display.ts';
import { ResultBalls } from '../../../components/draw/ResultBalls.tsx';
import { useOnline } from '../../../lib/online.ts';
import { recentResultsQueryOptions } from '../draws/draw-queries.ts';
import { LastKnownAge } from './LastKnownAge.tsx';

export const RECENT_RESULTS_COUNT = 10;

const ResultRow = memo(function ResultRow({ drawType, issue, render }: { drawType: string; issue: DrawnIssue; render?: (issue: DrawnIssue) => ReactNode }) {
  return (
    <li className="jl-result-row">
      <Text size="sm" c="dimmed" className="jl-result-issue">
        {shortDrawNumber(issue.issueNumber)}期
      </Text>
      {issue.state === 'CANCELLED' ? (
        <Text size="sm">已撤销</Text>
      ) : render ? (
        render(issue)
      ) : (
        <ResultBalls drawType={drawType} result={issue.result} size="sm" />
      )}
    </li>
  );
});

/** The last results of a draw type (a fixed number of rows, so new results do not move the page). */
export function RecentResults({ drawType, render }: { drawType: string; render?: (issue: DrawnIssue) => ReactNode }) {
  const { data, isPending, dataUpdatedAt } = useQuery(recentResultsQueryOptions(drawType, RECENT_RESULTS_COUNT));
  const online = useOnline();
  return (
    <Paper withBorder p="sm" data-testid="recent-results">
      <Group justify="space-between" mb="xs" gap="xs">
        <Title order={2} size="h5">
          最近开奖
        </Title>
        {!online && data && <LastKnownAge fetchedAt={dataUpdatedAt} testId="results-age" />}
      </Group>
      {!online && !data ? (
        <Text size="sm" c="dimmed">
          网络已断开，暂无已保存的开奖记录
        </Text>
      ) : isPending ? (
        <Skeleton height={RECENT_RESULTS_COUNT * 30} />
      ) : data && data.results.length > 0 ? (
        <ol className="jl-result-list">
          {data.results.map((issue) => (
            <ResultRow key={issue.issueNumber} drawType={drawType} issue={issue} {...(render ? { render } : {})} />
          ))}
        </ol>
      ) : (
        <Text size="sm" c="dimmed">
          暂无开奖记录
        </Text>
      )}
    </Paper>
  );
}
