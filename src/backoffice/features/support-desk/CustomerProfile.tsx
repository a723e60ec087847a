// The customer beside the chat, from the customers detail API (shown to roles holding customers.read).
import { Alert, Anchor, Badge, Card, Loader, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { CUSTOMER_TYPE_LABELS, VIP_LEVEL_LABELS } from '../../../shared/backoffice/customers.ts';
import { formatMoney } from '../../../shared/money.ts';
import { errorMessage } from '../../../app/lib/api/errors.ts';
import { formatDateTime } from '../../lib/format.ts';
import { customerQuery } from './queries.ts';

export function CustomerProfile({ customerId }: { customerId: number }) {
  const { data, error, isPending } = useQuery(customerQuery(customerId));
  if (isPending) return <Loader aria-label="加载中" />;
  if (error) return <Alert color="red" title="客户资料加载失败">{errorMessage(error)}</Alert>;
  const rows: [string, React.ReactNode][] = [
    ['类型', `${CUSTOMER_TYPE_LABELS[data.type]}${data.trial ? '（试玩）' : ''}`],
    ['VIP', VIP_LEVEL_LABELS[data.vipLevel]],
    ['余额', formatMoney(data.balance)],
    ['上级', data.agentLine.at(-1)?.username ?? '无'],
    ['注册时间', formatDateTime(data.createdAt)],
    ['最后登录', formatDateTime(data.lastLoginAt)],
    ['在线会话', data.activeSessions],
  ];
  return (
    <Card withBorder data-testid="support-customer-profile">
      <Stack gap="xs">
        <Title order={4}>
          <Anchor href={`/backoffice/customers/${data.id}`}>{data.username}</Anchor>
        </Title>
        <Text size="sm" c="dimmed">{data.alias}</Text>
        {data.frozen && <Badge color="red">已冻结：{data.frozen.reason}</Badge>}
        <Table>
          <Table.Tbody>
            {rows.map(([label, value]) => (
              <Table.Tr key={label}>
                <Table.Td c="dimmed" w={80}>{label}</Table.Td>
                <Table.Td>{value}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Stack>
    </Card>
  );
}
