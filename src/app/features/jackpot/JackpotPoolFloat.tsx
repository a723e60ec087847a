// The floating jackpot item (spec §2.4): the rolling total, opening the same pool detail; it also shows
// the winner's notice when a jackpotDistribution arrives (the float is always on screen).
import { Button } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { TrophyIcon } from '../../components/icons.tsx';
import { useSimpleStore } from '../../lib/store/simple-store.ts';
import { jackpotTotalQueryOptions } from './jackpot-queries.ts';
import { jackpotAward } from './jackpot-stores.ts';
import { RollingTotal } from './RollingTotal.tsx';

const JackpotDetailModal = lazy(() => import('./JackpotDetailModal.tsx').then((m) => ({ default: m.JackpotDetailModal })));
// Mantine's Modal (focus trap, scroll lock, floating-ui) loads with the first award, not with the page.
const JackpotAwardNotice = lazy(() => import('./JackpotAwardNotice.tsx'));

export default function JackpotPoolFloat() {
  const queryClient = useQueryClient();
  const total = useQuery(jackpotTotalQueryOptions(queryClient)).data;
  const award = useSimpleStore(jackpotAward);
  const [opened, setOpened] = useState(false);
  // Once shown, the notice stays mounted so that closing it plays the modal's exit transition.
  const [noticeMounted, setNoticeMounted] = useState(false);
  if (award !== null && !noticeMounted) setNoticeMounted(true);
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
      {noticeMounted && (
        <Suspense fallback={null}>
          <JackpotAwardNotice />
        </Suspense>
      )}
    </>
  );
}
