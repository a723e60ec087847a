// 第三方平台: every provider with its switch and one switch per catalogue it serves (spec §3.5), and
// the adapter configuration. A provider is offered to players when it is on with at least one
// catalogue on; switching it off closes its games (第三方游戏暂时关闭) but money can still come back.
import { Alert, Badge, Card, Group, Loader, SimpleGrid, Stack, Switch, Table, Text, TextInput, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { errorMessage } from '../../../app/lib/api/errors.ts';
import { ADAPTER_KIND_LABELS, type ProviderAdmin } from '../../../shared/backoffice/providers.ts';
import { useOperator } from '../../lib/operator.ts';
import { CATALOGUE_LABELS } from './labels.ts';
import { providersQuery, refreshProviders, updateProvider } from './queries.ts';

function ProviderRow({ row, canManage, reason }: { row: ProviderAdmin; canManage: boolean; reason: string }) {
  const queryClient = useQueryClient();
  const change = useMutation({
    mutationFn: (body: { enabled?: boolean; catalogues?: Record<string, boolean> }) => updateProvider(row.provider, { ...body, reason: reason.trim() }),
    onSettled: () => refreshProviders(queryClient),
  });
  const blocked = !canManage || change.isPending || reason.trim().length < 2;
  return (
    <Table.Tr data-testid="provider-row" data-provider={row.provider}>
      <Table.Td>
        <Group gap="xs">
          <Text fw={600}>{row.provider}</Text>
          {row.sandbox && <Badge color="orange" size="sm">沙箱</Badge>}
        </Group>
      </Table.Td>
      <Table.Td>
        <Switch
          checked={row.enabled}
          disabled={blocked}
          onChange={(e) => change.mutate({ enabled: e.currentTarget.checked })}
          label={row.enabled ? '启用' : '停用'}
          aria-label={`${row.provider} 启用`}
        />
      </Table.Td>
      <Table.Td>
        <Group gap="md">
          {row.catalogues.map((c) => (
            <Switch
              key={c.catalogue}
              size="xs"
              checked={c.enabled}
              disabled={blocked}
              onChange={(e) => change.mutate({ catalogues: { [c.catalogue]: e.currentTarget.checked } })}
              label={CATALOGUE_LABELS[c.catalogue]}
              aria-label={`${row.provider} ${CATALOGUE_LABELS[c.catalogue]}`}
            />
          ))}
        </Group>
        {change.isError && <Text size="xs" c="red" role="alert">{errorMessage(change.error)}</Text>}
      </Table.Td>
      <Table.Td>{row.players}</Table.Td>
      <Table.Td>{row.openTransfers > 0 ? <Badge color="orange">{row.openTransfers}</Badge> : 0}</Table.Td>
    </Table.Tr>
  );
}

export default function ProvidersPage() {
  const { data, error, isPending } = useQuery(providersQuery());
  const { can } = useOperator();
  const [reason, setReason] = useState('');
  if (isPending) return <Loader aria-label="加载中" />;
  if (error) return <Alert color="red" title="加载失败">{errorMessage(error)}</Alert>;
  const canManage = can('providers.manage');
  return (
    <Stack>
      <Title order={2}>第三方平台</Title>
      <Text size="sm" c="dimmed">
        平台启用且至少一类游戏开放时，玩家菜单才显示该平台。停用后玩家进入游戏或转入时提示“第三方游戏暂时关闭，请稍后再试”，余额仍可转回主钱包。
      </Text>
      <Card withBorder>
        <Text fw={600} mb="xs">接口配置</Text>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
          <Text size="sm">类型：{ADAPTER_KIND_LABELS[data.adapter.kind] ?? data.adapter.kind}</Text>
          <Text size="sm">服务地址：{data.adapter.baseUrl}</Text>
          <Text size="sm">商户号：{data.adapter.merchantId}</Text>
          <Text size="sm">请求超时：{data.adapter.timeoutMs} 毫秒</Text>
          <Text size="sm">待确认转账查询间隔：{data.adapter.resolveIntervalMs} 毫秒</Text>
          <Text size="sm">未收到转账判定失败：{Math.round(data.adapter.inDoubtWindowMs / 1000)} 秒后</Text>
          <Text size="sm">投注记录拉取间隔：{data.adapter.recordsIntervalMs} 毫秒</Text>
          <Text size="sm">游戏列表缓存：{data.adapter.gamesCacheMs} 毫秒</Text>
        </SimpleGrid>
        <Text size="xs" c="dimmed" mt="xs">接口配置来自服务器环境变量（PROVIDER_*），修改后需重启服务。</Text>
      </Card>
      {canManage && (
        <TextInput label="操作原因（记入审计日志，必填）" placeholder="例如：平台维护" value={reason} onChange={(e) => setReason(e.currentTarget.value)} maxLength={200} w={320} />
      )}
      <Table.ScrollContainer minWidth={760}>
        <Table striped highlightOnHover>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>平台</Table.Th>
              <Table.Th>状态</Table.Th>
              <Table.Th>游戏类别</Table.Th>
              <Table.Th>玩家数</Table.Th>
              <Table.Th>待确认转账</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {data.providers.map((row) => (
              <ProviderRow key={row.provider} row={row} canManage={canManage} reason={reason} />
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}
