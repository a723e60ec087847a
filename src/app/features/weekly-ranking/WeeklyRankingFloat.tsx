// The weekly ranking's floating button (spec §2.4): opens the detail; its × hides it for the rest of
// the browser session.
import { ActionIcon, Button, Group } from '@mantine/core';
import { lazy, Suspense, useState } from 'react';
import { CrownIcon } from '../../components/icons.tsx';
import { closeRankingFloat, rankingFloatClosed } from './dismissal.ts';

const WeeklyRankingDetail = lazy(() => import('./WeeklyRankingDetail.tsx').then((m) => ({ default: m.WeeklyRankingDetail })));

export default function WeeklyRankingFloat() {
  const [closed, setClosed] = useState(rankingFloatClosed);
  const [opened, setOpened] = useState(false);
  if (closed) return null;
  return (
    <>
      <Group gap={0} wrap="nowrap" data-testid="weekly-ranking-float">
        <Button radius="xl" color="grape" h={44} leftSection={<CrownIcon size={16} />} onClick={() => setOpened(true)} data-testid="weekly-ranking-open" aria-label="周排行榜">
          周榜
        </Button>
        <ActionIcon
          variant="subtle"
          color="gray"
          size={44}
          radius="xl"
          aria-label="隐藏周榜"
          data-testid="weekly-ranking-close"
          onClick={() => {
            closeRankingFloat();
            setClosed(true);
          }}
        >
          ×
        </ActionIcon>
      </Group>
      {opened && (
        <Suspense fallback={null}>
          <WeeklyRankingDetail opened={opened} onClose={() => setOpened(false)} />
        </Suspense>
      )}
    </>
  );
}
