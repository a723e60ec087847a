// 操作员管理 (operators.manage): list and search; create; change role; disable / enable; reset the
// password or the second factor; sessions. The server refuses changes to oneself and to the last
// super administrator; its message is shown as it comes.
import { Badge, Button, Group, Menu, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { CreatedOperator, OperatorListItem } from '../../../../shared/backoffice/auth.ts';
import { OPERATOR_ROLE_LABELS, type OperatorRole } from '../../../../shared/backoffice/permissions.ts';
import { PagedTable, type Column } from '../../../components/PagedTable.tsx';
import { ErrorBlock, LoadingBlock } from '../../../components/QueryState.tsx';
import { ReasonModal } from '../../../components/ReasonModal.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { useOperator } from '../../../lib/operator.ts';
import { coreKeys, operatorListQuery, resetPassword, resetSecondFactor, setDisabled } from '../core-api.ts';
import { ChangeRoleModal } from './ChangeRoleModal.tsx';
import { CreateOperatorModal, ROLE_OPTIONS } from './CreateOperatorModal.tsx';
import { OneTimeSecretModal } from './OneTimeSecretModal.tsx';
import { OperatorSessionsModal } from './OperatorSessionsModal.tsx';
import { operatorStatus } from './operator-status.ts';

const PAGE_SIZE = 20;

type Dialog =
  | { kind: 'role' | 'disable' | 'enable' | 'password' | 'second-factor' | 'sessions'; operator: OperatorListItem }
  | null;

export function OperatorsPage() {
  const { operator: me } = useOperator();
  const queryClient = useQueryClient();
  const [search, setSearch] = useState('');
  const [filter, setFilter] = useState<{ q: string; role: OperatorRole | null }>({ q: '', role: null });
  const [page, setPage] = useState(1);
  const [creating, setCreating] = useState(false);
  const [dialog, setDialog] = useState<Dialog>(null);
  const [secret, setSecret] = useState<{ title: string; username: string; password: string } | null>(null);
  const list = useQuery(operatorListQuery({ q: filter.q || undefined, role: filter.role ?? undefined, page, pageSize: PAGE_SIZE }));
  const refresh = () => queryClient.invalidateQueries({ queryKey: coreKeys.operators });
  const done = (message: string) => {
    notifications.show({ color: 'teal', message });
    return refresh();
  };

  const columns: Column<OperatorListItem>[] = [
    { key: 'username', title: '用户名', render: (o) => o.username },
    { key: 'displayName', title: '显示名称', render: (o) => o.displayName },
    { key: 'role', title: '角色', render: (o) => OPERATOR_ROLE_LABELS[o.role] },
    {
      key: 'status',
      title: '状态',
      render: (o) => {
        const status = operatorStatus(o);
        return (
          <Badge variant="dot" color={status.color}>
            {status.label}
          </Badge>
        );
      },
    },
    { key: 'lastSignInAt', title: '最近登录', render: (o) => formatDateTime(o.lastSignInAt) },
    { key: 'activeSessions', title: '会话', render: (o) => o.activeSessions },
    {
      key: 'actions',
      title: '操作',
      render: (o) =>
        o.id === me?.id ? (
          <Text size="xs" c="dimmed">
            当前账号
          </Text>
        ) : (
          <Menu position="bottom-end" withinPortal>
            <Menu.Target>
              <Button size="compact-sm" variant="light" aria-label={`操作 ${o.username}`}>
                操作
              </Button>
            </Menu.Target>
            <Menu.Dropdown>
              <Menu.Item onClick={() => setDialog({ kind: 'role', operator: o })}>修改角色</Menu.Item>
              <Menu.Item onClick={() => setDialog({ kind: 'sessions', operator: o })}>查看会话</Menu.Item>
              <Menu.Item onClick={() => setDialog({ kind: 'password', operator: o })}>重置密码</Menu.Item>
              <Menu.Item onClick={() => setDialog({ kind: 'second-factor', operator: o })}>重置动态验证码</Menu.Item>
              {o.disabled ? (
                <Menu.Item onClick={() => setDialog({ kind: 'enable', operator: o })}>启用</Menu.Item>
              ) : (
                <Menu.Item color="red" onClick={() => setDialog({ kind: 'disable', operator: o })}>
                  停用
                </Menu.Item>
              )}
            </Menu.Dropdown>
          </Menu>
        ),
    },
  ];

  const target = dialog?.operator;
  const who = target ? `${target.displayName}（${target.username}）` : '';
  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={2}>操作员管理</Title>
        <Button onClick={() => setCreating(true)}>新建操作员</Button>
      </Group>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          setPage(1);
          setFilter((current) => ({ ...current, q: search.trim() }));
        }}
      >
        <Group gap="sm" align="flex-end">
          <TextInput label="搜索" placeholder="用户名或显示名称" value={search} maxLength={32} onChange={(event) => setSearch(event.currentTarget.value)} />
          <Select
            label="角色"
            placeholder="全部角色"
            data={ROLE_OPTIONS}
            clearable
            value={filter.role}
            onChange={(role) => {
              setPage(1);
              setFilter((current) => ({ ...current, role: role as OperatorRole | null }));
            }}
          />
          <Button type="submit" variant="default">
            查询
          </Button>
        </Group>
      </form>
      {list.isPending && <LoadingBlock />}
      {list.isError && <ErrorBlock error={list.error} onRetry={() => void list.refetch()} />}
      {list.data && (
        <PagedTable
          label="操作员列表"
          columns={columns}
          rows={list.data.items}
          rowKey={(o) => o.id}
          total={list.data.total}
          page={page}
          pageSize={PAGE_SIZE}
          onPage={setPage}
          empty="没有符合条件的操作员"
        />
      )}

      <CreateOperatorModal
        opened={creating}
        onClose={() => setCreating(false)}
        onCreated={(created: CreatedOperator) => {
          void done(`已创建操作员 ${created.operator.username}`);
          setSecret({ title: '操作员已创建', username: created.operator.username, password: created.initialPassword });
        }}
      />
      <OneTimeSecretModal title={secret?.title ?? ''} username={secret?.username ?? ''} password={secret?.password ?? null} onClose={() => setSecret(null)} />
      {dialog?.kind === 'role' && <ChangeRoleModal operator={dialog.operator} onClose={() => setDialog(null)} onChanged={() => void done('角色已修改')} />}
      {dialog?.kind === 'sessions' && <OperatorSessionsModal operator={dialog.operator} onClose={() => setDialog(null)} />}
      <ReasonModal
        opened={dialog?.kind === 'disable' || dialog?.kind === 'enable'}
        title={dialog?.kind === 'enable' ? '启用操作员' : '停用操作员'}
        description={
          <Text size="sm">
            {dialog?.kind === 'enable' ? `启用后 ${who} 可以重新登录。` : `停用后 ${who} 的所有会话立即结束，且无法再登录。`}
          </Text>
        }
        confirmLabel={dialog?.kind === 'enable' ? '启用' : '停用'}
        confirmColor={dialog?.kind === 'enable' ? undefined : 'red'}
        onClose={() => setDialog(null)}
        onConfirm={async (reason) => {
          const disable = dialog?.kind === 'disable';
          await setDisabled(target!.id, disable, reason);
          await done(disable ? '已停用' : '已启用');
        }}
      />
      <ReasonModal
        opened={dialog?.kind === 'password'}
        title="重置密码"
        description={<Text size="sm">将为 {who} 生成新密码，其现有会话全部结束。</Text>}
        confirmLabel="重置密码"
        confirmColor="red"
        onClose={() => setDialog(null)}
        onConfirm={async (reason) => {
          const operator = target!;
          const { password } = await resetPassword(operator.id, reason);
          await done('密码已重置');
          setSecret({ title: '新密码', username: operator.username, password });
        }}
      />
      <ReasonModal
        opened={dialog?.kind === 'second-factor'}
        title="重置动态验证码"
        description={<Text size="sm">{who} 的动态验证码和恢复码将作废，其会话全部结束；下次登录时须重新绑定。</Text>}
        confirmLabel="重置"
        confirmColor="red"
        onClose={() => setDialog(null)}
        onConfirm={async (reason) => {
          await resetSecondFactor(target!.id, reason);
          await done('动态验证码已重置');
        }}
      />
    </Stack>
  );
}
