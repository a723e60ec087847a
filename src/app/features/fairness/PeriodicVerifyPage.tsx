import { Alert, Anchor, Group, Loader } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { DrawnIssue } from '../../../shared/api/draws.ts';
import { findDrawType } from '../../../shared/catalogue/draw-types.ts';
import { errorMessage } from '../../lib/api/errors.ts';
import { drawTypeName, issueCancelReasonText } from '../orders/order-labels.ts';
import { drawnIssueQueryOptions, isFinal } from './draw-queries.ts';
import { PeriodicVerification } from './PeriodicVerification.tsx';
import { isVerifiable, resultOrigin } from './result-origin.ts';
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
  const origin = resultOrigin(drawType, issue);
  const resultOf = findDrawType(drawType)?.resultOf;
  if (origin === 'derived' && resultOf) {
    return (
      <Alert title="开奖号码来源" data-testid="verify-feed-note">
        本期号码取自{drawTypeName(resultOf)}同一期的开奖结果，请验证
        <Anchor component={Link} to={`/verify/${encodeURIComponent(resultOf)}/${encodeURIComponent(issueNumber)}`}>
          {drawTypeName(resultOf)} 第 {issueNumber} 期
        </Anchor>
        。
      </Alert>
    );
  }
  if (!isVerifiable(origin)) {
    const legacySimulated = origin === 'legacy-simulated';
    return (
      <Alert title={legacySimulated ? '模拟开奖' : '官方开奖'} data-testid="verify-feed-note">
        {legacySimulated
          ? '本期号码由旧版模拟开奖源产生，开售前未公布承诺，无法验证；它不是官方开奖结果。'
          : '本期号码取自官方公布的开奖结果，不由平台种子产生，请以官方公布为准。'}
      </Alert>
    );
  }
  const simulated = origin === 'simulated';
  return (
    <>
      {simulated && (
        <Alert color="orange" title="模拟开奖" data-testid="verify-simulated-note">
          本期号码由平台模拟产生，并非官方开奖结果。它与平台彩种一样：开售前公布承诺，开奖后公开种子，可在下方验证。
        </Alert>
      )}
      {!issue.seed && (
        <Alert title="本期尚未开奖" data-testid="verify-seed-pending">
          种子将在开奖后公开，届时本页会自动填入。开售前公布的本期承诺和当日哈希链锚点已填在下方；它们由种子计算而来，却无法反推出种子，所以开奖前谁也算不出本期号码。
        </Alert>
      )}
      <PeriodicVerification key={issue.seed ?? 'sealed'} initial={periodicFieldsFrom(drawType, issueNumber, issue)} />
    </>
  );
}
