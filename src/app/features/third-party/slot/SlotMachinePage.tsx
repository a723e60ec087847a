// /game/slot-machine/{provider} (spec §2.1): a tab per enabled slot provider and its titles
// (`GET /ajax/slot-machine/{provider}`); a title opens the launch page in a new tab.
import { Alert, Anchor, Group, Loader, SimpleGrid, Stack, Tabs, Text, Title, UnstyledButton } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link, useRouter } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { THIRD_PARTY_CLOSED_MESSAGE, type ProviderGame } from '../../../../shared/api/third-party.ts';
import type { ThirdPartyProvider } from '../../../../shared/enums.ts';
import { asRouteHref } from '../../../capabilities/capabilities.tsx';
import { errorMessage } from '../../../lib/api/errors.ts';
import { enabledGamesQueryOptions } from '../../games/games-queries.ts';
import { PROVIDER_NAMES, providersFor } from '../../games/menu-model.ts';
import { useCurrentCustomer } from '../../session/use-current-customer.ts';
import { GameIcon } from '../GameIcon.tsx';
import { useOpenThirdPartyGame } from '../open-game.ts';
import { ProviderLogo } from '../ProviderLogo.tsx';
import { SandboxBadge } from '../SandboxBadge.tsx';
import { slotGamesQueryOptions } from '../third-party-queries.ts';
import { isSlotProviderTab } from '../third-party-tabs.ts';

function Centered({ children }: { children: ReactNode }) {
  return (
    <Group justify="center" py="xl">
      {children}
    </Group>
  );
}

function GameTile({ provider, game }: { provider: ThirdPartyProvider; game: ProviderGame }) {
  const open = useOpenThirdPartyGame();
  return (
    <UnstyledButton
      onClick={() => open({ provider, catalogue: 'SLOT_MACHINE', gameId: game.gameId, room: game.room })}
      className="jl-slot-tile"
      data-testid="slot-game"
      data-game-id={game.gameId}
      style={{ borderRadius: 8, border: '1px solid var(--mantine-color-default-border)', padding: 8 }}
    >
      <Stack gap={6} align="center">
        <GameIcon src={game.iconURL} name={game.gameName} size={72} />
        <Text size="sm" ta="center" lineClamp={2}>
          {game.gameName}
        </Text>
      </Stack>
    </UnstyledButton>
  );
}

function ProviderGameGrid({ provider }: { provider: ThirdPartyProvider }) {
  const games = useQuery(slotGamesQueryOptions(provider));
  if (games.isPending) {
    return (
      <Centered>
        <Loader size="sm" aria-label="加载中" />
      </Centered>
    );
  }
  if (games.isError) {
    return (
      <Alert color="red" title="加载失败" data-testid="slot-error">
        {errorMessage(games.error)}
      </Alert>
    );
  }
  return (
    <Stack gap="sm">
      {games.data.sandbox && (
        <Group gap="xs">
          <SandboxBadge />
          <Text size="xs" c="dimmed">
            测试游戏，仅供体验流程
          </Text>
        </Group>
      )}
      {games.data.games.length === 0 ? (
        <Text c="dimmed" ta="center" py="xl">
          暂无游戏
        </Text>
      ) : (
        <SimpleGrid cols={{ base: 3, sm: 4, md: 6 }} spacing="sm" data-testid="slot-games">
          {games.data.games.map((game) => (
            <GameTile key={game.gameId} provider={provider} game={game} />
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
}

export function SlotMachinePage({ provider }: { provider: ThirdPartyProvider | null }) {
  const router = useRouter();
  const loggedIn = useCurrentCustomer() !== null;
  const config = useQuery(enabledGamesQueryOptions());
  const providers = config.data ? providersFor(config.data, 'SLOT_MACHINE') : [];
  const current = provider ?? providers[0] ?? null;
  const openTab = (next: string | null) => {
    if (next && isSlotProviderTab(next) && next !== current) {
      void router.navigate({ to: asRouteHref(`/game/slot-machine/${next}`), replace: true, resetScroll: false });
    }
  };
  return (
    <Stack gap="md" data-testid="slot-page" data-provider={current ?? ''}>
      <Group justify="space-between">
        <Title order={1} size="h3">
          电子游戏
        </Title>
        {loggedIn && (
          <Anchor component={Link} to={asRouteHref('/wallet/third-party')} size="sm">
            额度转换
          </Anchor>
        )}
      </Group>
      {!config.data ? (
        config.isError ? (
          <Alert color="red">{errorMessage(config.error)}</Alert>
        ) : (
          <Centered>
            <Loader size="sm" aria-label="加载中" />
          </Centered>
        )
      ) : current === null || !providers.includes(current) ? (
        <Alert color="yellow" data-testid="third-party-closed">
          {THIRD_PARTY_CLOSED_MESSAGE}
        </Alert>
      ) : (
        <>
          <Tabs value={current} onChange={openTab}>
            <Tabs.List style={{ flexWrap: 'nowrap', overflowX: 'auto' }}>
              {providers.map((p) => (
                <Tabs.Tab key={p} value={p} leftSection={<ProviderLogo provider={p} size={20} />} data-testid="slot-provider-tab">
                  {PROVIDER_NAMES[p]}
                </Tabs.Tab>
              ))}
            </Tabs.List>
          </Tabs>
          <ProviderGameGrid key={current} provider={current} />
        </>
      )}
    </Stack>
  );
}
