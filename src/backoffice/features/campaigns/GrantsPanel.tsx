// MANUAL / PROMOTION: the customers who may claim, added by account name (one per line).
import { Alert, Button, Stack, Table, Text, Textarea, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { errorMessage } from '../../../app/lib/api/errors.ts';
import { CAMPAIGN_ADMIN_PATHS, GrantListSchema } from '../../../shared/api/campaigns.ts';
import { formatMoney, parseYuan } from '../../../shared/money.ts';
import { boSend } from '../../lib/api.ts';
import { grantsQuery, refreshCampaigns, rel } from './queries.ts';

export function GrantsPanel({ id, canManage }: { id: string; canManage: boolean }) {
  const queryClient = useQueryClient();
  const { data } = useQuery(grantsQuery(id));
  const [names, setNames] = useState('');
  const [amount, setAmount] = useState('');
  const [unknown, setUnknown] = useState<string[]>([]);
  const add = useMutation({
    mutationFn: () => {
      let units: number | null = null;
      if (amount.trim() !== '') units = parseYuan(amount);
      return boSend('POST', rel(CAMPAIGN_ADMIN_PATHS.grants(id)), { usernames: names.split(/[\s,，]+/).filter(Boolean), amount: units }, GrantListSchema);
    },
    onSuccess: (result) => {
      setUnknown(result.unknownUsernames);
      setNames('');
      void refreshCampaigns(queryClient);
      notifications.show({ color: 'green', message: '名单已更新' });
    },
    onError: (error) => notifications.show({ color: 'red', message: errorMessage(error) }),
  });
  return (
    <Stack gap="xs" data-testid="grants-panel">
      <Title order={3}>领取名单</Title>
      {canManage ? (
        <>
          <Textarea label="会员账号（每行一个）" value={names} onChange={(e) => setNames(e.currentTarget.value)} autosize minRows={3} />
          <TextInput label="专属金额（元，留空按活动奖励）" value={amount} onChange={(e) => setAmount(e.currentTarget.value)} w={260} />
          <Button w="fit-content" onClick={() => add.mutate()} loading={add.isPending} disabled={names.trim() === ''}>
            添加到名单
          </Button>
          {unknown.length > 0 ? <Alert color="orange">以下账号不存在或为试玩账号：{unknown.join('、')}</Alert> : null}
        </>
      ) : null}
      <Table>
        <Table.Tbody>
          {data?.grants.map((g) => (
            <Table.Tr key={g.customerId}>
              <Table.Td>{g.username}</Table.Td>
              <Table.Td>{g.amount === null ? '按活动奖励' : formatMoney(g.amount)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {data && data.grants.length === 0 ? <Text c="dimmed">名单为空。</Text> : null}
    </Stack>
  );
}
