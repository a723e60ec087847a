// The floating jackpot item (spec §2.4): the rolling total, opening the same pool detail; it also shows
// the winner's notice when a jackpotDistribution arrives (the float is always on screen).
import { Button, Modal, Stack, Text } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { TrophyIcon } from '../../components/icons.tsx';
import { formatMoney } from '../../../shared/money.ts';
import { useSimpleStore } from '../../lib/store/simple-store.ts';
import { jackpotTotalQueryOptions } from './jackpot-queries.ts';
import { jackpotAward } from './jackpot-stores.ts';
import { RollingTotal } from './RollingTotal.tsx';

const JackpotDetailModal = lazy(() => import('./JackpotDetailModal.tsx').then((m) => ({ default: m.JackpotDetailModal })));

export default function JackpotPoolFloat() {
  const queryClient = useQueryClient();
  const total = useQuery(jackpotTotalQueryOptions(queryClient)).data;
  const award = useSimpleStore(jackpotAward);
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Button radius="xl" color="orange" h={44} leftSection={<TrophyIcon size={16} />} onClick={() => setOpened(true)} data-testid="jackpot-pool-float" aria-label="奖池详情">
        <RollingTotal amount={total} />
      </Button>
      {opened && (
        <Suspense fallback={null}>
          <JackpotDetailModal opened={opened} onClose={() => setOpened(false)} />
        </Suspense>
      )}
      <Modal opened={award !== null} onClose={() => jackpotAward.set(null)} title="奖池派奖" centered>
        {award && (
          <Stack align="center" gap="xs" py="md" data-testid="jackpot-award">
            <Text size="lg">恭喜您抽中奖池{award.type === 'super' ? '超级大奖' : '幸运奖'}</Text>
            <Text size="xl" fw={700} c="red" data-testid="jackpot-award-prize">{formatMoney(award.prize)}</Text>
            <Text size="sm" c="dimmed">已存入您的账户余额</Text>
          </Stack>
        )}
      </Modal>
    </>
  );
}
