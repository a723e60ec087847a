// The lobby's third-party sections (the phone's equivalent of the header menus, spec §2.3): one per
// catalogue with enabled providers, each a grid of provider cards. Loaded lazily by the lobby.
import { Paper, Stack, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useCapabilities, type Capabilities } from '../../../capabilities/capabilities.tsx';
import { enabledGamesQueryOptions } from '../../games/games-queries.ts';
import { CATALOGUE_MENUS, providersFor, type ThirdPartyCatalogue } from '../../games/menu-model.ts';
import { ProviderCards } from '../ProviderCards.tsx';

function available(catalogue: ThirdPartyCatalogue, capabilities: Capabilities): boolean {
  if (catalogue === 'SLOT_MACHINE') return capabilities.route('/game/slot-machine/{-$tab}');
  if (catalogue === 'FISHING_JOY') return capabilities.feature('fishingRooms') && capabilities.feature('thirdPartyLaunch');
  return capabilities.feature('thirdPartyLaunch');
}

export default function ThirdPartyLobbySections() {
  const capabilities = useCapabilities();
  const config = useQuery(enabledGamesQueryOptions()).data;
  if (!config) return null;
  const sections = CATALOGUE_MENUS.map((menu) => ({ ...menu, providers: providersFor(config, menu.catalogue) })).filter(
    (section) => section.providers.length > 0 && available(section.catalogue, capabilities),
  );
  if (sections.length === 0) return null;
  return (
    <Stack gap="md" data-testid="third-party-lobby">
      {sections.map((section) => (
        <Paper key={section.catalogue} withBorder p="md" data-testid="third-party-lobby-section" data-catalogue={section.catalogue}>
          <Title order={2} size="h4" mb="xs">
            {section.label}
          </Title>
          <ProviderCards catalogue={section.catalogue} providers={section.providers} label={section.label} cols={2} />
        </Paper>
      ))}
    </Stack>
  );
}
