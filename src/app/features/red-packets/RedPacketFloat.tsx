// The red packet float (spec §2.4) and popup (spec §4): shown while the customer has packets to claim.
// The popup shows the first packet's title and description with 立即领取; a claim shows the award for
// 3 seconds (spec §9), then the packet leaves the list (and the float with the last one). Errors are
// toasts; offline, claiming waits for the connection.
import { Badge, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { ClaimRedPacketResponseSchema, RED_PACKET_PATHS, type ClaimableRedPacket } from '../../../shared/api/red-packets.ts';
import { formatMoney } from '../../../shared/money.ts';
import { apiPost } from '../../lib/api/client.ts';
import { errorMessage } from '../../lib/api/errors.ts';
import { toastError } from '../../lib/notify.ts';
import { useOnline } from '../../lib/online.ts';
import { useSimpleStore } from '../../lib/store/simple-store.ts';
import { GiftIcon } from '../../components/icons.tsx';
import { BALANCE_QUERY_KEY } from '../wallet/wallet-queries.ts';
import { CLAIMABLE_QUERY_KEY, claimableQueryOptions } from './claimable-query.ts';
import { shownAward } from './shown-award.ts';

/** Spec §9: the claimed red packet modal closes after 3 s. */
export const AWARD_SHOWN_MS = 3_000;

export default function RedPacketFloat() {
  const queryClient = useQueryClient();
  const packets = useQuery(claimableQueryOptions(true)).data ?? [];
  const award = useSimpleStore(shownAward);
  const [open, setOpen] = useState(false);
  const current = packets.find((p) => p.id !== award?.packetId);

  useEffect(() => {
    if (award === null) return;
    const timer = setTimeout(() => {
      queryClient.setQueryData<ClaimableRedPacket[]>(CLAIMABLE_QUERY_KEY, (list) => list?.filter((p) => p.id !== award.packetId));
      shownAward.set(null);
    }, AWARD_SHOWN_MS);
    return () => clearTimeout(timer);
  }, [award, queryClient]);

  return (
    <>
      <Button
        radius="xl"
        color="red"
        h={44}
        onClick={() => setOpen(true)}
        data-testid="red-packet-float"
        leftSection={<GiftIcon size={16} />}
        rightSection={packets.length > 1 ? <Badge color="yellow" size="sm" circle>{packets.length}</Badge> : null}
      >
        红包
      </Button>
      <Modal opened={open && (award !== null || current !== undefined)} onClose={() => setOpen(false)} title="红包" centered>
        <div data-testid="red-packet-popup">
          {award !== null ? <AwardShown amount={award.award} /> : current ? <RedPacketClaim key={current.id} packet={current} /> : null}
        </div>
      </Modal>
    </>
  );
}

function AwardShown({ amount }: { amount: number }) {
  return (
    <Stack align="center" gap="xs" py="md" data-testid="red-packet-award">
      <Text size="lg">恭喜您获得</Text>
      <Text size="xl" fw={700} c="red">
        {formatMoney(amount)}
      </Text>
      <Text size="sm" c="dimmed">
        已存入您的账户余额
      </Text>
    </Stack>
  );
}

function RedPacketClaim({ packet }: { packet: ClaimableRedPacket }) {
  const queryClient = useQueryClient();
  const online = useOnline();
  const claim = useMutation({
    mutationFn: () => apiPost(RED_PACKET_PATHS.claim(packet.id), { depositId: null, missionId: null }, ClaimRedPacketResponseSchema),
    onSuccess: (result) => {
      queryClient.setQueryData(BALANCE_QUERY_KEY, { balance: result.balance });
      shownAward.set({ packetId: packet.id, award: result.award });
    },
    onError: (error) => {
      toastError(errorMessage(error));
      // Sold out, ended or already claimed elsewhere: the list is out of date.
      void queryClient.invalidateQueries({ queryKey: CLAIMABLE_QUERY_KEY });
    },
  });
  return (
    <Stack gap="sm">
      <Text fw={700} size="lg" data-testid="red-packet-title">
        {packet.title}
      </Text>
      {packet.description ? (
        <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
          {packet.description}
        </Text>
      ) : null}
      <Text size="xs" c="dimmed" style={{ wordBreak: 'break-all' }}>
        可验证：金额在创建时已由承诺 {packet.commitment.slice(0, 16)}… 确定，结束后可{' '}
        <Link to="/verify/red-packet/$id" params={{ id: String(packet.id) }}>
          验证拆分
        </Link>
      </Text>
      <Group justify="center">
        <Button color="red" size="md" h={44} onClick={() => claim.mutate()} loading={claim.isPending} disabled={!online} data-testid="red-packet-claim">
          {online ? '立即领取' : '联网后才能领取红包'}
        </Button>
      </Group>
    </Stack>
  );
}
