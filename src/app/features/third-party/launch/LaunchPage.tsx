// /third-party-game/game (spec §7), opened in a new tab: asks the server for the provider's game URL
// (which first moves the main wallet in when the §3.4 preference names this provider) and replaces itself with it. A
// disabled provider gets the spec §8 message; an automatic transfer that did not go through is said
// before the game opens, so the player knows where the money is.
import { Alert, Button, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useEffect, useState, type ReactNode } from 'react';
import { LaunchQuerySchema, THIRD_PARTY_CLOSED_MESSAGE, type LaunchAnswer, type LaunchQuery } from '../../../../shared/api/third-party.ts';
import { formatMoney } from '../../../../shared/money.ts';
import { asRouteHref } from '../../../capabilities/capabilities.tsx';
import { errorMessage } from '../../../lib/api/errors.ts';
import { useIsPhone } from '../../../lib/device.ts';
import { usePreference } from '../../../lib/preferences/use-preference.ts';
import { enabledGamesQueryOptions } from '../../games/games-queries.ts';
import { PROVIDER_NAMES, providersFor } from '../../games/menu-model.ts';
import { USER_QUERY_PREFIX } from '../../session/session-queries.ts';
import { safeGameUrl } from '../safe-url.ts';
import { SandboxBadge } from '../SandboxBadge.tsx';
import { requestLaunch } from '../third-party-queries.ts';

export interface LaunchSearch {
  gameProvider?: string;
  gameCatalog?: string;
  gameRoom?: string;
  gameId?: string;
}

function Frame({ children, sandbox }: { children: ReactNode; sandbox: boolean }) {
  return (
    <Stack gap="md" maw={480} mx="auto" py="xl" data-testid="launch-page">
      <Group gap="xs">
        <Title order={1} size="h3">
          进入游戏
        </Title>
        {sandbox && <SandboxBadge />}
      </Group>
      {children}
    </Stack>
  );
}

const AUTO_TRANSFER_NOTES = {
  FAILED: '自动转入失败，资金仍在主钱包',
  IN_DOUBT: '自动转入确认中，结果将显示在转账记录里',
} as const;

function Opening({ answer }: { answer: LaunchAnswer }) {
  const url = safeGameUrl(answer.url);
  const status = answer.autoTransfer?.status;
  const note = status === 'FAILED' || status === 'IN_DOUBT' ? AUTO_TRANSFER_NOTES[status] : null;
  const [go, setGo] = useState(note === null);
  useEffect(() => {
    if (go && url) window.location.replace(url);
  }, [go, url]);
  if (!url) return <Alert color="red">游戏地址无效，请稍后再试</Alert>;
  if (!go && note) {
    return (
      <Stack gap="sm">
        <Alert color="yellow" data-testid="auto-transfer-note">
          {note}（{formatMoney(answer.autoTransfer?.amount ?? 0)}）
        </Alert>
        <Group>
          <Button onClick={() => setGo(true)}>继续进入游戏</Button>
          <Button variant="default" component={Link} to={asRouteHref('/wallet/third-party')}>
            去转账
          </Button>
        </Group>
      </Stack>
    );
  }
  return (
    <Group gap="sm" data-testid="launch-opening">
      <Loader size="sm" aria-label="加载中" />
      <Text>正在打开游戏…</Text>
    </Group>
  );
}

function Launch({ query }: { query: LaunchQuery }) {
  const config = useQuery(enabledGamesQueryOptions());
  const enabled = config.data ? providersFor(config.data, query.gameCatalog).includes(query.gameProvider) : null;
  const launch = useQuery({
    // The launch URL carries this player's provider session: under the user prefix like every per-customer key.
    queryKey: [USER_QUERY_PREFIX, 'third-party', 'launch', query] as const,
    queryFn: ({ signal }) => requestLaunch(query, signal),
    enabled: enabled === true,
    retry: false,
    staleTime: Infinity,
    gcTime: 0,
    meta: { persist: false },
  });
  const sandbox = launch.data?.sandbox ?? false;
  if (enabled === false) {
    return (
      <Frame sandbox={false}>
        <Alert color="yellow" data-testid="third-party-closed">
          {THIRD_PARTY_CLOSED_MESSAGE}
        </Alert>
      </Frame>
    );
  }
  const failed = config.error ?? launch.error;
  return (
    <Frame sandbox={sandbox}>
      <Text c="dimmed" size="sm">
        {PROVIDER_NAMES[query.gameProvider]}
      </Text>
      {failed ? (
        <Alert color="red" title="无法进入游戏" data-testid="launch-error">
          {errorMessage(failed)}
        </Alert>
      ) : launch.data ? (
        <Opening answer={launch.data} />
      ) : (
        <Group gap="sm" data-testid="launch-loading">
          <Loader size="sm" aria-label="加载中" />
          <Text>正在进入游戏…</Text>
        </Group>
      )}
    </Frame>
  );
}

export function LaunchPage({ search }: { search: LaunchSearch }) {
  const phone = useIsPhone();
  const [autoProvider] = usePreference('thirdPartyTransferProvider');
  const parsed = LaunchQuerySchema.safeParse({
    ...search,
    device: phone ? 'MOBILE' : 'DESKTOP',
    autoTransfer: autoProvider !== null && autoProvider === search.gameProvider ? 'true' : 'false',
  });
  if (!parsed.success) {
    return (
      <Frame sandbox={false}>
        <Alert color="red" data-testid="launch-error">
          游戏不存在，请从游戏菜单重新进入
        </Alert>
      </Frame>
    );
  }
  return <Launch query={parsed.data} />;
}
