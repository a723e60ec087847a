import { Alert, Anchor, Button, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { DrawnIssue } from '../../../shared/api/draws.ts';
import { findDrawType } from '../../../shared/catalogue/draw-types.ts';
import { isVerifiable, resultOrigin } from '../fairness/result-origin.ts';
import { DrawResult } from './DrawResult.tsx';
import { formatDrawTime } from './results-model.ts';
import { HISTORY_PAGE_SIZE, historyQueryOptions } from './results-queries.ts';
import './results.css';

function HistoryRow({ drawType, issue }: { drawType: string; issue: DrawnIssue }) {
  const drawn = issue.state === 'DRAWN' || issue.state === 'SETTLED';
  // The verification page checks committed draws; a derived draw type's page points to the source.
  const verifiable = drawn && issue.commitment !== null && isVerifiable(resultOrigin(drawType, issue));
  return (
    <li className="jl-history-row" data-testid="history-entry" data-issue={issue.issueNumber}>
      <span className="jl-results-head">
        <span className="jl-results-name">第 {issue.issueNumber} 期</span>
        <span className="jl-results-issue">{formatDrawTime(issue.drawAt)}</span>
      </span>
      {issue.state === 'CANCELLED' ? (
        <Text size="sm">已撤销</Text>
      ) : issue.result ? (
        <DrawResult drawType={drawType} result={issue.result} drawAt={issue.drawAt} />
      ) : (
        <Text size="sm" c="dimmed">等待开奖</Text>
      )}
      {verifiable && (
        <Anchor
          component={Link}
          to={`/verify/${encodeURIComponent(drawType)}/${encodeURIComponent(issue.issueNumber)}`}
          className="jl-history-verify"
          aria-label={`验证第 ${issue.issueNumber} 期`}
        >
          验证
        </Anchor>
      )}
    </li>
  );
}

/** One game's results, newest first, a page at a time; committed draws link to their verification. */
export function HistoryPage({ drawType, page, onPage }: { drawType: string; page: number; onPage: (page: number) => void }) {
  const info = findDrawType(drawType);
  const query = useQuery(historyQueryOptions(drawType, page));
  const data = query.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / HISTORY_PAGE_SIZE)) : 1;
  return (
    <Stack gap="md" maw={860} mx="auto" data-testid="history-page">
      <Anchor component={Link} to="/draw-results" size="sm" className="jl-results-back">
        ‹ 全部开奖
      </Anchor>
      <Title order={1} size="h3">
        {info?.name ?? drawType} 开奖历史
      </Title>
      {query.isError && !data && <Alert color="orange">开奖历史暂时无法读取，请稍后再试</Alert>}
      {!data && !query.isError && <Skeleton height={HISTORY_PAGE_SIZE * 40} />}
      {data && data.results.length === 0 && (
        <Text c="dimmed">{info?.instant ? '秒开彩种投注即开奖，没有期号开奖记录' : '暂无开奖记录'}</Text>
      )}
      {data && data.results.length > 0 && (
        <ol className="jl-results-list" aria-busy={query.isPlaceholderData} data-page={data.page}>
          {data.results.map((issue) => (
            <HistoryRow key={issue.issueNumber} drawType={drawType} issue={issue} />
          ))}
        </ol>
      )}
      {data && pages > 1 && (
        <Group justify="center" gap="sm" wrap="nowrap" aria-label="翻页" role="group">
          <Button variant="default" h={44} disabled={page <= 1} onClick={() => onPage(page - 1)}>
            上一页
          </Button>
          <Text size="sm" data-testid="history-page-number">
            第 {page} / {pages} 页
          </Text>
          <Button variant="default" h={44} disabled={page >= pages} onClick={() => onPage(page + 1)}>
            下一页
          </Button>
        </Group>
      )}
    </Stack>
  );
}
