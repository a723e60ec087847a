// The footer's jackpot pool button (spec §2.4): the clamped pool total, seeded from GET /ajax/jackpot
// at start and kept current by the totalJackpotPoolPrize broadcast; opens the pool detail.
import { Button } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { TrophyIcon } from '../../components/icons.tsx';
import { jackpotTotalQueryOptions } from './jackpot-queries.ts';
import { RollingTotal } from './RollingTotal.tsx';

const JackpotDetailModal = lazy(() => import('./JackpotDetailModal.tsx').then((m) => ({ default: m.JackpotDetailModal })));

export default function JackpotFooterButton() {
  const queryClient = useQueryClient();
  const total = useQuery(jackpotTotalQueryOptions(queryClient)).data;
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Button variant="light" color="yellow" h={44} leftSection={<TrophyIcon size={16} />} onClick={() => setOpened(true)} data-testid="jackpot-button">
        奖池 <RollingTotal amount={total} testId="jackpot-button-total" />
      </Button>
      {opened && (
        <Suspense fallback={null}>
          <JackpotDetailModal opened={opened} onClose={() => setOpened(false)} />
        </Suspense>
      )}
    </>
  );
}
