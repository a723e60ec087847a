// The floating sports stream button (spec §2.4): opens the first enabled sports provider's stream page
// (`GET /ajax/third-party/sports-stream`) in a new tab. Hidden while no sports provider is enabled.
// The tab is opened at once, on the press, so a popup blocker lets it through; the URL follows.
import { Button } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { errorMessage } from '../../../lib/api/errors.ts';
import { toastError } from '../../../lib/notify.ts';
import { enabledGamesQueryOptions } from '../../games/games-queries.ts';
import { providersFor } from '../../games/menu-model.ts';
import { safeGameUrl } from '../safe-url.ts';
import { sportsStreamQueryOptions } from '../third-party-queries.ts';

export default function SportsStreamButton() {
  const queryClient = useQueryClient();
  const config = useQuery(enabledGamesQueryOptions()).data;
  const [opening, setOpening] = useState(false);
  if (!config || providersFor(config, 'SPORTS_BETTING').length === 0) return null;
  const open = async () => {
    const tab = window.open('about:blank', '_blank');
    setOpening(true);
    try {
      const stream = await queryClient.fetchQuery(sportsStreamQueryOptions());
      const url = safeGameUrl(stream.url);
      if (!url) throw new Error('bad url');
      if (tab) {
        tab.opener = null;
        tab.location.replace(url);
      } else {
        window.open(url, '_blank', 'noopener');
      }
    } catch (error) {
      tab?.close();
      toastError(errorMessage(error));
    } finally {
      setOpening(false);
    }
  };
  return (
    <Button size="compact-sm" radius="xl" loading={opening} onClick={() => void open()} data-testid="sports-stream-button">
      体育直播
    </Button>
  );
}
