import { Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { memo, useState } from 'react';
import { INSTANT_SEED_PATHS, RotateSeedResponseSchema } from '../../../../shared/api/orders.ts';
import { apiPut } from '../../../lib/api/client.ts';
import { errorMessage } from '../../../lib/api/errors.ts';
import { toastError } from '../../../lib/notify.ts';
import { OFFLINE_MONEY_REASON, useOnline } from '../../../lib/online.ts';
import { useCurrentCustomer } from '../../session/use-current-customer.ts';
import { INSTANT_SEED_QUERY_KEY, instantSeedQueryOptions } from './order-queries.ts';

function SeedValue({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="xs" ff="monospace" className="jl-break-all">
        {value}
      </Text>
    </div>
  );
}

/**
 * 秒开 fairness: the hash of the server seed the next bets draw from (shown before betting), the
 * client seed and the next nonce; 更换种子 reveals the old seed so earlier orders can be verified.
 */
export const InstantSeedPanel = memo(function InstantSeedPanel() {
  const customer = useCurrentCustomer();
  const online = useOnline();
  const queryClient = useQueryClient();
  const { data } = useQuery({ ...instantSeedQueryOptions(), enabled: customer !== null });
  const [clientSeed, setClientSeed] = useState('');
  const rotate = useMutation({
    mutationFn: (body: { clientSeed?: string }) => apiPut(INSTANT_SEED_PATHS.rotate, body, RotateSeedResponseSchema),
    onSuccess: (answer) => {
      queryClient.setQueryData(INSTANT_SEED_QUERY_KEY, answer.current);
      setClientSeed('');
    },
    onError: (error) => toastError(errorMessage(error)),
  });
  if (!customer) return null;
  const revealed = rotate.data?.revealed ?? null;
  return (
    <Paper withBorder p="sm" data-testid="instant-seed">
      <Title order={2} size="h5" mb="xs">
        公平性
      </Title>
      <Stack gap={6}>
        {data ? (
          <>
            <SeedValue label="服务端种子哈希（投注前公布）" value={data.serverSeedHash} />
            <SeedValue label="客户端种子" value={data.clientSeed} />
            <Text size="xs">下一注随机数：{data.nextNonce}</Text>
          </>
        ) : (
          <Text size="sm" c="dimmed">
            正在获取服务端种子哈希…
          </Text>
        )}
        <Group gap="xs" align="flex-end" wrap="nowrap">
          <TextInput
            label="新的客户端种子（可留空）"
            size="xs"
            value={clientSeed}
            maxLength={64}
            onChange={(event) => setClientSeed(event.currentTarget.value)}
            className="jl-min0"
            style={{ flex: 1 }}
          />
          <Button
            size="xs"
            variant="default"
            loading={rotate.isPending}
            disabled={!online}
            title={online ? undefined : OFFLINE_MONEY_REASON}
            onClick={() => rotate.mutate(clientSeed.trim() ? { clientSeed: clientSeed.trim() } : {})}
          >
            更换种子
          </Button>
        </Group>
        {revealed && (
          <Stack gap={4} data-testid="revealed-seed">
            <SeedValue label="已公开的服务端种子" value={revealed.serverSeed} />
            <Text size="xs" c="dimmed">
              它的哈希为 {revealed.serverSeedHash.slice(0, 16)}…，此前用它开奖的订单可在订单详情中验证。
            </Text>
          </Stack>
        )}
      </Stack>
    </Paper>
  );
});
