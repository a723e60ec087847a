// 客户详情: profile, state and agent line at the top with the actions this role may use; tabs for
// the ledger statement, orders, autobets, sessions, login history and player protection.
import { Alert, Anchor, Badge, Breadcrumbs, Card, Group, Loader, SimpleGrid, Stack, Tabs, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useParams } from '@tanstack/react-router';
import { useState } from 'react';
import { CUSTOMER_TYPE_LABELS, VIP_LEVEL_LABELS, type CustomerDetail } from '../../../shared/backoffice/customers.ts';
import { formatMoneyGrouped } from '../../../shared/money.ts';
import { errorMessage } from '../../../app/lib/api/errors.ts';
import { formatDateTime } from '../../lib/format.ts';
import { BoLink } from '../../lib/navigation.tsx';
import { CustomerActions } from './CustomerActions.tsx';
import { AutobetsTab, LedgerTab, LoginsTab, OrdersTab, ProtectionTab, SessionsTab } from './CustomerTabs.tsx';
import { detailQuery } from './queries.ts';

function Field({ label, value }: { label: string; value: string | number | null }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm">{value === null || value === '' ? '—' : value}</Text>
    </div>
  );
}

function StateBadges({ customer }: { customer: CustomerDetail }) {
  return (
    <Group gap={6}>
      <Badge color={customer.frozen ? 'red' : 'green'} variant="filled" data-testid="customer-status">
        {customer.frozen ? '已冻结' : '正常'}
      </Badge>
      {customer.pendingUnfreeze !== null ? <Badge color="grape" variant="outline">解冻待审批 #{customer.pendingUnfreeze}</Badge> : null}
      {customer.passwordChangeRequired ? <Badge color="orange" variant="light">下次登录须改密码</Badge> : null}
      {customer.trial ? <Badge color="gray">试玩账号</Badge> : null}
    </Group>
  );
}

export default function CustomerDetailPage() {
  const { customerId = '' } = useParams({ strict: false }) as { customerId?: string };
  const id = /^\d{1,15}$/.test(customerId) ? Number(customerId) : 0;
  const [tab, setTab] = useState<string | null>('ledger');
  const { data: customer, error } = useQuery({ ...detailQuery(id), enabled: id > 0 });
  if (id === 0) return <Alert color="red">客户不存在</Alert>;
  if (!customer) return error ? <Alert color="red" title="加载失败">{errorMessage(error)}</Alert> : <Loader aria-label="加载中" />;
  return (
    <Stack>
      <Breadcrumbs>
        <Anchor component={BoLink} to="/customers">
          客户查询
        </Anchor>
        <Text>{customer.username}</Text>
      </Breadcrumbs>
      <Group justify="space-between" align="start">
        <Stack gap={4}>
          <Title order={2}>
            {customer.username} <Text span c="dimmed">（{customer.alias}）</Text>
          </Title>
          <StateBadges customer={customer} />
        </Stack>
        <CustomerActions customer={customer} />
      </Group>
      {customer.frozen ? (
        <Alert color="red" title={`冻结于 ${formatDateTime(customer.frozen.at)}`}>
          原因：{customer.frozen.reason}
        </Alert>
      ) : null}
      <Card withBorder>
        <SimpleGrid cols={{ base: 2, sm: 4, lg: 6 }}>
          <Field label="余额" value={formatMoneyGrouped(customer.balance)} />
          <Field label="类型" value={CUSTOMER_TYPE_LABELS[customer.type]} />
          <Field label="VIP 等级" value={VIP_LEVEL_LABELS[customer.vipLevel]} />
          <Field label="奖金组" value={customer.prizeGroup} />
          <Field label="直属下级" value={customer.directMembers} />
          <Field label="在线登录" value={customer.activeSessions} />
          <Field label="手机" value={customer.phone} />
          <Field label="邮箱" value={customer.email} />
          <Field label="QQ" value={customer.qq} />
          <Field label="微信" value={customer.wechat} />
          <Field label="生日" value={customer.birthday} />
          <Field label="注册链接" value={customer.registrationLinkId} />
          <Field label="注册时间" value={formatDateTime(customer.createdAt)} />
          <Field label="最后登录" value={formatDateTime(customer.lastLoginAt)} />
          <Field label="首次登录设置" value={customer.firstLoginPending ? '未完成' : '已完成'} />
        </SimpleGrid>
        <Group gap={4} mt="sm">
          <Text size="xs" c="dimmed">
            代理线：
          </Text>
          {customer.agentLine.length === 0 ? <Text size="sm">—（无上级）</Text> : null}
          {customer.agentLine.map((agent, index) => (
            <Text size="sm" key={agent.id}>
              {index > 0 ? ' › ' : ''}
              <Anchor component={BoLink} to={`/customers/${agent.id}`}>
                {agent.username}
              </Anchor>
              （{CUSTOMER_TYPE_LABELS[agent.type]}）
            </Text>
          ))}
        </Group>
      </Card>
      <Tabs value={tab} onChange={setTab} keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="ledger">账变明细</Tabs.Tab>
          <Tabs.Tab value="orders">注单</Tabs.Tab>
          <Tabs.Tab value="autobets">追号</Tabs.Tab>
          <Tabs.Tab value="sessions">登录设备</Tabs.Tab>
          <Tabs.Tab value="logins">登录记录</Tabs.Tab>
          <Tabs.Tab value="protection">玩家保护</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="ledger" pt="md">
          <LedgerTab id={id} />
        </Tabs.Panel>
        <Tabs.Panel value="orders" pt="md">
          <OrdersTab id={id} />
        </Tabs.Panel>
        <Tabs.Panel value="autobets" pt="md">
          <AutobetsTab id={id} />
        </Tabs.Panel>
        <Tabs.Panel value="sessions" pt="md">
          <SessionsTab id={id} />
        </Tabs.Panel>
        <Tabs.Panel value="logins" pt="md">
          <LoginsTab id={id} />
        </Tabs.Panel>
        <Tabs.Panel value="protection" pt="md">
          <ProtectionTab id={id} />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
