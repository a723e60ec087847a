// 审批队列 (approvals.read): four-eyes requests waiting for a second operator, and those decided.
// Each row says what was asked (the kind's label and summary), by whom, when and why; the server says
// whether the signed-in operator may decide it (a different operator holding the kind's permission).
import { Badge, Button, Checkbox, Group, Select, Stack, Tabs, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { APPROVAL_STATUS_LABELS, type ApprovalItem, type ApprovalListQuery } from '../../../../shared/backoffice/auth.ts';
import { PagedTable, type Column } from '../../../components/PagedTable.tsx';
import { ErrorBlock, LoadingBlock } from '../../../components/QueryState.tsx';
import { ReasonModal } from '../../../components/ReasonModal.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { approvalListQuery, approve, coreKeys, reject } from '../core-api.ts';
import { ApprovalDetailModal } from './ApprovalDetailModal.tsx';

const PAGE_SIZE = 20;
const STATUS_COLORS: Record<ApprovalItem['status'], string> = { PENDING: 'blue', APPROVED: 'teal', REJECTED: 'gray' };

type View = 'PENDING' | 'APPROVED' | 'REJECTED';
type Decision = { kind: 'approve' | 'reject'; approval: ApprovalItem } | null;

export function ApprovalsPage() {
  const queryClient = useQueryClient();
  const [view, setView] = useState<View>('PENDING');
  const [kind, setKind] = useState<string | null>(null);
  const [mine, setMine] = useState(false);
  const [page, setPage] = useState(1);
  const [decision, setDecision] = useState<Decision>(null);
  const [detail, setDetail] = useState<ApprovalItem | null>(null);
  const query: ApprovalListQuery = { status: view, kind: kind ?? undefined, mine: mine ? 'true' : undefined, page, pageSize: PAGE_SIZE };
  const list = useQuery(approvalListQuery(query));
  const kinds = list.data?.kinds ?? [];

  const columns: Column<ApprovalItem>[] = [
    { key: 'id', title: '编号', render: (a) => a.id, width: 70 },
    {
      key: 'what',
      title: '申请内容',
      render: (a) => (
        <Stack gap={2}>
          <Text size="sm" fw={600}>
            {a.label}
          </Text>
          <Text size="sm">{a.summary}</Text>
        </Stack>
      ),
    },
    { key: 'reason', title: '申请原因', render: (a) => <Text size="sm">{a.reason}</Text> },
    {
      key: 'requested',
      title: '申请人',
      render: (a) => (
        <Stack gap={2}>
          <Text size="sm">
            {a.requestedBy.displayName}（{a.requestedBy.username}）
          </Text>
          <Text size="xs" c="dimmed">
            {formatDateTime(a.requestedAt)}
          </Text>
        </Stack>
      ),
    },
    {
      key: 'status',
      title: '状态',
      render: (a) => (
        <Stack gap={2}>
          <Badge variant="dot" color={STATUS_COLORS[a.status]}>
            {APPROVAL_STATUS_LABELS[a.status]}
          </Badge>
          {a.decidedBy && (
            <Text size="xs" c="dimmed">
              {a.decidedBy.displayName} · {formatDateTime(a.decidedAt)}
            </Text>
          )}
          {a.decisionReason && <Text size="xs">{a.decisionReason}</Text>}
        </Stack>
      ),
    },
    {
      key: 'actions',
      title: '操作',
      render: (a) => (
        <Group gap={6} wrap="nowrap">
          <Button size="compact-sm" variant="subtle" onClick={() => setDetail(a)}>
            详情
          </Button>
          {a.status === 'PENDING' && a.canDecide && (
            <>
              <Button size="compact-sm" onClick={() => setDecision({ kind: 'approve', approval: a })}>
                批准
              </Button>
              <Button size="compact-sm" color="red" variant="light" onClick={() => setDecision({ kind: 'reject', approval: a })}>
                驳回
              </Button>
            </>
          )}
          {a.status === 'PENDING' && !a.canDecide && (
            <Text size="xs" c="dimmed">
              须由其他有权限的操作员审批
            </Text>
          )}
        </Group>
      ),
    },
  ];

  const decided = async (message: string) => {
    notifications.show({ color: 'teal', message });
    await queryClient.invalidateQueries({ queryKey: coreKeys.approvals });
  };
  const target = decision?.approval;
  return (
    <Stack gap="md">
      <Title order={2}>审批队列</Title>
      <Tabs
        value={view}
        onChange={(value) => {
          setPage(1);
          setView((value as View | null) ?? 'PENDING');
        }}
      >
        <Tabs.List>
          <Tabs.Tab value="PENDING">待审批</Tabs.Tab>
          <Tabs.Tab value="APPROVED">已批准</Tabs.Tab>
          <Tabs.Tab value="REJECTED">已驳回</Tabs.Tab>
        </Tabs.List>
      </Tabs>
      <Group gap="md" align="flex-end">
        <Select
          label="类型"
          placeholder="全部类型"
          clearable
          data={kinds.map((k) => ({ value: k.kind, label: k.label }))}
          value={kind}
          onChange={(value) => {
            setPage(1);
            setKind(value);
          }}
        />
        <Checkbox
          label="只看我发起的"
          checked={mine}
          onChange={(event) => {
            setPage(1);
            setMine(event.currentTarget.checked);
          }}
          mb={8}
        />
      </Group>
      {list.isPending && <LoadingBlock />}
      {list.isError && <ErrorBlock error={list.error} onRetry={() => void list.refetch()} />}
      {list.data && (
        <PagedTable
          label="审批列表"
          columns={columns}
          rows={list.data.items}
          rowKey={(a) => a.id}
          total={list.data.total}
          page={page}
          pageSize={PAGE_SIZE}
          onPage={setPage}
          empty={view === 'PENDING' ? '没有待审批的申请' : '没有记录'}
        />
      )}
      <ApprovalDetailModal approval={detail} onClose={() => setDetail(null)} />
      <ReasonModal
        opened={decision?.kind === 'approve'}
        title="批准申请"
        description={target && <Text size="sm">批准后立即执行：{target.label}，{target.summary}</Text>}
        confirmLabel="批准并执行"
        reasonOptional
        onClose={() => setDecision(null)}
        onConfirm={async (reason) => {
          await approve(target!.id, reason);
          await decided('已批准并执行');
        }}
      />
      <ReasonModal
        opened={decision?.kind === 'reject'}
        title="驳回申请"
        description={target && <Text size="sm">驳回后该申请不会执行：{target.label}，{target.summary}</Text>}
        confirmLabel="驳回"
        confirmColor="red"
        onClose={() => setDecision(null)}
        onConfirm={async (reason) => {
          await reject(target!.id, reason);
          await decided('已驳回');
        }}
      />
    </Stack>
  );
}
