// 充值方式: every method of spec §3.5 with its state, limits, recommended amounts, fee and required-stake
// multiplier; 编辑 opens the form (finance.settings.manage). Which gateway takes online payments is
// shown on top (沙箱 for the built-in sandbox).
import { Alert, Badge, Button, Checkbox, Group, Modal, SimpleGrid, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { DEPOSIT_METHOD_GROUPS } from '../../../shared/api/deposits.ts';
import { UpdateDepositMethodSchema, type DepositMethodConfig } from '../../../shared/backoffice/finance-deposits.ts';
import { formatMoneyGrouped } from '../../../shared/money.ts';
import { PagedTable, type Column } from '../../components/PagedTable.tsx';
import { ErrorBlock, LoadingBlock } from '../../components/QueryState.tsx';
import { formFailure } from '../../lib/forms.ts';
import { useOperator } from '../../lib/operator.ts';
import { formValuesOf, methodBody, type MethodFormValues } from './method-form.ts';
import { KIND_LABELS } from './columns.tsx';
import { depositMethodsQuery, refreshDeposits, updateDepositMethod } from './queries.ts';

export default function DepositMethodsPage() {
  const { can } = useOperator();
  const list = useQuery(depositMethodsQuery());
  const [editing, setEditing] = useState<DepositMethodConfig | null>(null);
  const columns: Column<DepositMethodConfig>[] = [
    { key: 'name', title: '充值方式', render: (m) => <Text size="sm">{m.name}</Text> },
    { key: 'group', title: '分组', render: (m) => `${DEPOSIT_METHOD_GROUPS[m.group]} · ${KIND_LABELS[m.kind]}` },
    { key: 'enabled', title: '状态', render: (m) => <Badge color={m.enabled ? 'teal' : 'gray'} variant="light">{m.enabled ? '启用' : '停用'}</Badge> },
    { key: 'limits', title: '单笔限额', render: (m) => `${formatMoneyGrouped(m.minAmount)} ~ ${formatMoneyGrouped(m.maxAmount)}` },
    { key: 'recommended', title: '推荐金额', render: (m) => (m.recommendedAmounts.length ? m.recommendedAmounts.map((a) => formatMoneyGrouped(a)).join('、') : '—') },
    { key: 'fee', title: '手续费', render: (m) => `${m.feeRateBp / 100}% + ${formatMoneyGrouped(m.feeFixed)}` },
    { key: 'stake', title: '打码倍数', render: (m) => `×${m.stakeMultiplierBp / 10_000}` },
    {
      key: 'actions',
      title: '操作',
      render: (m) =>
        can('finance.settings.manage') ? (
          <Button size="compact-sm" variant="light" onClick={() => setEditing(m)} data-testid={`edit-method-${m.code}`}>
            编辑
          </Button>
        ) : null,
    },
  ];
  return (
    <Stack gap="md">
      <Title order={2}>充值方式</Title>
      {list.data && (
        <Group gap="xs">
          <Text size="sm">在线支付通道：{list.data.gateway.label}</Text>
          {list.data.gateway.sandbox && (
            <Badge color="yellow" data-testid="gateway-sandbox">
              沙箱
            </Badge>
          )}
        </Group>
      )}
      {list.data ? (
        <PagedTable label="充值方式" columns={columns} rows={list.data.methods} rowKey={(m) => m.code} total={list.data.methods.length} page={1} pageSize={Math.max(1, list.data.methods.length)} onPage={() => {}} />
      ) : list.error ? (
        <ErrorBlock error={list.error} onRetry={() => void list.refetch()} />
      ) : (
        <LoadingBlock />
      )}
      {editing && <MethodEditor method={editing} onClose={() => setEditing(null)} />}
    </Stack>
  );
}

function MethodEditor({ method, onClose }: { method: DepositMethodConfig; onClose: () => void }) {
  const queryClient = useQueryClient();
  const form = useForm<MethodFormValues>({ initialValues: formValuesOf(method) });
  const [failure, setFailure] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const save = form.onSubmit(async (values) => {
    setFailure(null);
    const built = methodBody(values);
    if ('field' in built) {
      form.setFieldError(built.field, built.message);
      return;
    }
    const checked = UpdateDepositMethodSchema.safeParse(built.body);
    if (!checked.success) {
      setFailure(checked.error.issues[0]?.message ?? '提交的内容格式有误');
      return;
    }
    setPending(true);
    try {
      await updateDepositMethod(method.code, built.body);
      await refreshDeposits(queryClient);
      onClose();
    } catch (error) {
      setFailure(formFailure(error, []).message);
    } finally {
      setPending(false);
    }
  });
  return (
    <Modal opened onClose={onClose} title={`编辑充值方式：${method.name}`} size="lg" closeButtonProps={{ 'aria-label': '关闭' }}>
      <form onSubmit={save} aria-label="充值方式设置">
        <Stack gap="sm">
          {failure && (
            <Alert color="red" role="alert">
              {failure}
            </Alert>
          )}
          <Switch label="启用" {...form.getInputProps('enabled', { type: 'checkbox' })} />
          <SimpleGrid cols={2} spacing="sm">
            <TextInput label="最低金额（元）" {...form.getInputProps('minAmount')} />
            <TextInput label="最高金额（元）" {...form.getInputProps('maxAmount')} />
            <TextInput label="推荐金额（元，逗号分隔）" {...form.getInputProps('recommendedAmounts')} />
            <Checkbox mt="xl" label="只收整数金额" {...form.getInputProps('integerOnly', { type: 'checkbox' })} />
            <TextInput label="手续费率（%）" {...form.getInputProps('feePercent')} />
            <TextInput label="固定手续费（元）" {...form.getInputProps('feeFixed')} />
            <TextInput label="打码倍数（×）" description="充值到账金额 × 倍数 计入打码量" {...form.getInputProps('stakeMultiplier')} />
            <TextInput label="排序" {...form.getInputProps('sortOrder')} />
          </SimpleGrid>
          {method.kind === 'OFFLINE' && (
            <SimpleGrid cols={2} spacing="sm">
              <TextInput label="收款银行" {...form.getInputProps('receivingBank')} />
              <TextInput label="收款户名" {...form.getInputProps('receivingName')} />
              <TextInput label="收款账号" {...form.getInputProps('receivingAccount')} />
              <TextInput label="开户支行" {...form.getInputProps('receivingBranch')} />
            </SimpleGrid>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              取消
            </Button>
            <Button type="submit" loading={pending}>
              保存
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
