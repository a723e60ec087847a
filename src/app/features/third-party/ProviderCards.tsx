// The provider cards of one catalogue (spec §2.3: third-party entries are cards), shared by the
// header menus and the lobby's sections. Slot providers lead to /game/slot-machine/{provider}; fishing
// providers show their rooms in a popover (150 ms, spec §2.3); the rest open the provider's lobby.
import { Card, Group, Popover, SimpleGrid, Stack, Text, UnstyledButton } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import type { ProviderGame } from '../../../shared/api/third-party.ts';
import type { ThirdPartyProvider } from '../../../shared/enums.ts';
import { asRouteHref } from '../../capabilities/capabilities.tsx';
import { PROVIDER_NAMES, type ThirdPartyCatalogue } from '../games/menu-model.ts';
import { GameIcon } from './GameIcon.tsx';
import { useOpenThirdPartyGame } from './open-game.ts';
import { ProviderLogo } from './ProviderLogo.tsx';
import { fishingJoysQueryOptions } from './third-party-queries.ts';

const POPOVER_DELAY_MS = 150;

function CardFace({ provider, label }: { provider: ThirdPartyProvider; label: string }) {
  return (
    <Group gap="xs" wrap="nowrap">
      <ProviderLogo provider={provider} size={32} />
      <Text size="sm" fw={600} lineClamp={1}>
        {PROVIDER_NAMES[provider]}
        {label}
      </Text>
    </Group>
  );
}

function LaunchCard({ provider, catalogue, label }: { provider: ThirdPartyProvider; catalogue: ThirdPartyCatalogue; label: string }) {
  const open = useOpenThirdPartyGame();
  if (catalogue === 'SLOT_MACHINE') {
    return (
      <Card withBorder padding="xs" component={Link} to={asRouteHref(`/game/slot-machine/${provider}`)} data-testid="provider-card" data-provider={provider}>
        <CardFace provider={provider} label={label} />
      </Card>
    );
  }
  return (
    <Card
      withBorder
      padding="xs"
      component="button"
      type="button"
      onClick={() => open({ provider, catalogue })}
      style={{ textAlign: 'left', cursor: 'pointer' }}
      data-testid="provider-card"
      data-provider={provider}
    >
      <CardFace provider={provider} label={label} />
    </Card>
  );
}

export function RoomButton({ provider, room }: { provider: ThirdPartyProvider; room: ProviderGame }) {
  const open = useOpenThirdPartyGame();
  return (
    <UnstyledButton
      onClick={() => open({ provider, catalogue: 'FISHING_JOY', room: room.room ?? room.gameId, gameId: room.gameId })}
      p={4}
      style={{ borderRadius: 6 }}
      className="jl-room-button"
      data-testid="fishing-room"
      data-room={room.room ?? room.gameId}
    >
      <Group gap="xs" wrap="nowrap">
        <GameIcon src={room.iconURL} name={room.gameName} size={32} />
        <Text size="sm">{room.gameName}</Text>
      </Group>
    </UnstyledButton>
  );
}

/** A fishing provider: hovering (150 ms) or pressing the card shows its rooms; a room opens that game. */
function FishingCard({ provider, label, rooms }: { provider: ThirdPartyProvider; label: string; rooms: ProviderGame[] }) {
  const [opened, setOpened] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const later = (next: boolean) => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setOpened(next), POPOVER_DELAY_MS);
  };
  return (
    <Popover opened={opened} onChange={setOpened} position="bottom-start" withinPortal={false} floatingStrategy="fixed" shadow="md" transitionProps={{ duration: POPOVER_DELAY_MS }}>
      <Popover.Target>
        <Card
          withBorder
          padding="xs"
          component="button"
          type="button"
          aria-expanded={opened}
          aria-haspopup="true"
          onMouseEnter={() => later(true)}
          onMouseLeave={() => later(false)}
          onClick={() => {
            clearTimeout(timer.current);
            setOpened((current) => !current);
          }}
          style={{ textAlign: 'left', cursor: 'pointer' }}
          data-testid="provider-card"
          data-provider={provider}
        >
          <CardFace provider={provider} label={label} />
        </Card>
      </Popover.Target>
      <Popover.Dropdown p="xs" onMouseEnter={() => later(true)} onMouseLeave={() => later(false)} data-testid="fishing-rooms" data-provider={provider}>
        <Stack gap={2}>
          <Text size="xs" c="dimmed">
            {PROVIDER_NAMES[provider]}捕鱼房间
          </Text>
          {rooms.map((room) => (
            <RoomButton key={room.gameId} provider={provider} room={room} />
          ))}
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}

function FishingCards({ providers, label }: { providers: ThirdPartyProvider[]; label: string }) {
  const rooms = useQuery(fishingJoysQueryOptions());
  return (
    <>
      {providers.map((provider) => {
        const list = rooms.data?.fishingJoys[provider] ?? [];
        // A provider without rooms of its own (spec: all but one have them) opens its lobby directly.
        return list.length > 0 ? (
          <FishingCard key={provider} provider={provider} label={label} rooms={list} />
        ) : (
          <LaunchCard key={provider} provider={provider} catalogue="FISHING_JOY" label={label} />
        );
      })}
    </>
  );
}

export function ProviderCards({ catalogue, providers, label, cols = 3 }: { catalogue: ThirdPartyCatalogue; providers: ThirdPartyProvider[]; label: string; cols?: number }) {
  return (
    <SimpleGrid cols={cols} spacing="xs" data-testid="provider-cards" data-catalogue={catalogue}>
      {catalogue === 'FISHING_JOY' ? (
        <FishingCards providers={providers} label={label} />
      ) : (
        providers.map((provider) => <LaunchCard key={provider} provider={provider} catalogue={catalogue} label={label} />)
      )}
    </SimpleGrid>
  );
}
