import { Alert, Group, Loader } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { DrawnIssue } from '../../../shared/api/draws.ts';
import { errorMessage } from '../../lib/api/errors.ts';
import { drawTypeName, issueCancelReasonText } from '../orders/order-labels.ts';
import { drawnIssueQueryOptions, isFinal } from './draw-queries.ts';
import { PeriodicVerification } from './PeriodicVerification.tsx';
import { periodicFieldsFrom } from './verification-inputs.ts';
import { VerifyPageFrame } from './VerifyPageFrame.tsx';

export function PeriodicVerifyPage({ drawType, issueNumber }: { drawType: string; issueNumber: string }) {
  const query = useQuery({
    ...drawnIssueQueryOptions(drawType, issueNumber),
    // Opened before the draw: the seed appears on this page once it is revealed.
    refetchInterval: (q) => (q.state.data && !isFinal(q.state.data) ? 15_000 : false),
  });
  const issue = query.data;
  const unavailable = query.isError || (query.isPending && query.fetchStatus === 'paused');
  return (
    <VerifyPageFrame title={`${drawTypeName(drawType)} 第 ${issueNumber} 期开奖验证`}>
      {issue ? (
        <IssueVerification drawType={drawType} issueNumber={issueNumber} issue={issue} />
      ) : unavailable ? (
        <>
          <Alert color="orange" title="无法读取本期公布的数据">
            {query.isError ? errorMessage(query.error) : '网络已断开'}。您仍可手动填写下列数据进行验证。
          </Alert>
          <PeriodicVerification initial={periodicFieldsFrom(drawType, issueNumber, undefined)} />
        </>
      ) : (
        <Group justify="center" py="xl">
          <Loader size="sm" aria-label="加载中" />
        </Group>
      )}
    </VerifyPageFrame>
  );
}

function IssueVerification({ drawType, issueNumber, issue }: { drawType: string; issueNumber: string; issue: DrawnIssue }) {
  if (issue.state === 'CANCELLED') {
    return (
      <Alert color="orange" title="本期已撤销">
        {issueCancelReasonText(issue.cancelReason)}，本期投注均已退款。
      </Alert>
    );
  }
  if (issue.resultSource !== null && issue.resultSource !== 'platform') {
    const simulated = issue.resultSource === 'simulated';
    return (
      <Alert title={simulated ? '模拟开奖源' : '官方开奖'} data-testid="verify-feed-note">
        {simulated
          ? '本期号码来自模拟的官方开奖源，不是真实的官方开奖结果，也不由平台种子产生，因此无法用种子验证。'
          : '本期号码取自官方公布的开奖结果，不由平台种子产生，请以官方公布为准。'}
      </Alert>
    );
  }
  return (
    <>
      {!issue.seed && (
        <Alert title="本期尚未开奖" data-testid="verify-seed-pending">
          种子将在开奖后公开，届时本页会自动填入。开售前公布的本期承诺和当日哈希链锚点已填在下方；它们由种子计算而来，却无法反推出种子，所以开奖前谁也算不出本期号码。
        </Alert>
      )}
      <PeriodicVerification key={issue.seed ?? 'sealed'} initial={periodicFieldsFrom(drawType, issueNumber, issue)} />
    </>
  );
}
