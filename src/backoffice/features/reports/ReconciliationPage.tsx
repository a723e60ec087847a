// 账务核对: the ledger reconciliation's last verdict, its earlier runs, and running it now.
import { Alert, Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { REPORTS_PATHS, type ReconciliationRun } from '../../../shared/backoffice/reports.ts';
import { errorMessage } from '../../../app/lib/api/errors.ts';
import { useOperator } from '../../lib/operator.ts';
import { CsvButton } from './CsvButton.tsx';
import { dateTime, money } from './format.ts';
import { csvHref, reconciliationKey, reconciliationQuery, runReconciliation } from './queries.ts';
import { ReportQueryState } from './ReportQueryState.tsx';
import { ReportTable, type Column } from './ReportTable.tsx';

const who = (run: ReconciliationRun) => (run.trigger === 'SCHEDULER' ? '定时任务' : (run.operatorUsername ?? ''));

function Verdict({ run }: { run: ReconciliationRun }) {
  return run.ok ? <Badge color="green">一致</Badge> : <Badge color="red">不一致（{run.mismatchCount}项）</Badge>;
}

const COLUMNS: Column<ReconciliationRun>[] = [
  { key: 'id', header: '编号', numeric: true, cell: (r) => r.id },
  { key: 'started', header: '开始时间', cell: (r) => dateTime(r.startedAt) },
  { key: 'by', header: '发起', cell: who },
  { key: 'verdict', header: '结果', cell: (r) => <Verdict run={r} /> },
  { key: 'total', header: '分录合计', numeric: true, cell: (r) => money(r.totalOfEntries) },
  { key: 'mismatches', header: '不一致项', numeric: true, cell: (r) => r.mismatchCount },
];

function Mismatches({ run }: { run: ReconciliationRun }) {
  const { unbalancedTransfers, driftingAccounts, negativeAccounts, emptyTransfers } = run.mismatches;
  const lines = [
    ['不平衡转账', unbalancedTransfers.join('、')],
    ['余额与分录不符的账户', driftingAccounts.map((a) => `${a.accountId}（余额 ${money(a.balance)}，分录 ${money(a.entries)}）`).join('、')],
    ['不应为负的负余额账户', negativeAccounts.join('、')],
    ['没有分录的转账', emptyTransfers.join('、')],
  ].filter(([, text]) => text !== '');
  return (
    <Stack gap={4}>
      {lines.map(([label, text]) => (
        <Text key={label} size="sm">
          {label}：{text}
        </Text>
      ))}
    </Stack>
  );
}

function LastRun({ run }: { run: ReconciliationRun | null }) {
  if (!run) return <Text c="dimmed">尚未进行过对账。</Text>;
  return (
    <Stack gap="xs" data-testid="last-reconciliation">
      <Group>
        <Text fw={700}>最近一次对账</Text>
        <Verdict run={run} />
      </Group>
      <Text size="sm">
        {dateTime(run.startedAt)}，发起：{who(run)}，全部分录合计 {money(run.totalOfEntries)}
      </Text>
      {!run.ok && <Mismatches run={run} />}
    </Stack>
  );
}

export default function ReconciliationPage() {
  const [page, setPage] = useState(1);
  const { can } = useOperator();
  const queryClient = useQueryClient();
  const runs = useQuery({ ...reconciliationQuery(page), placeholderData: keepPreviousData });
  const run = useMutation({
    mutationFn: runReconciliation,
    onSuccess: () => {
      setPage(1);
      return queryClient.invalidateQueries({ queryKey: reconciliationKey });
    },
  });

  return (
    <Stack>
      <Title order={2}>账务核对</Title>
      <Text c="dimmed" size="sm">
        核对每个账户的余额等于其分录之和、每笔转账的分录合计为零、玩家余额不为负、每笔转账都有分录。
      </Text>
      <Card withBorder>
        <Stack>
          <ReportQueryState isPending={runs.isPending} error={runs.error} />
          {runs.data && <LastRun run={runs.data.last} />}
          {can('reports.reconcile') && (
            <Group>
              <Button onClick={() => run.mutate()} loading={run.isPending}>
                立即对账
              </Button>
            </Group>
          )}
          {run.error && (
            <Alert color="red" role="alert">
              {errorMessage(run.error)}
            </Alert>
          )}
        </Stack>
      </Card>
      <Group justify="space-between">
        <Title order={3}>对账记录</Title>
        <CsvButton href={csvHref(REPORTS_PATHS.reconciliationCsv)} />
      </Group>
      {runs.data && (
        <ReportTable
          caption="对账记录"
          columns={COLUMNS}
          rows={runs.data.runs}
          rowKey={(r) => String(r.id)}
          paging={{ page, pages: Math.max(1, Math.ceil(runs.data.total / runs.data.pageSize)), onChange: setPage }}
        />
      )}
    </Stack>
  );
}
