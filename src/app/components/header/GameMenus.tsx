import { Button, Group, Menu, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { EnabledGames } from '../../../shared/api/games.ts';
import { asRouteHref, useCapabilities, type Capabilities } from '../../capabilities/capabilities.tsx';
import { enabledGamesQueryOptions } from '../../features/games/games-queries.ts';
import {
  buildDiceMenu,
  buildLotteryMenu,
  CATALOGUE_MENUS,
  providersFor,
  type GameEntry,
  type ThirdPartyCatalogue,
} from '../../features/games/menu-model.ts';
import { useCurrentCustomer } from '../../features/session/use-current-customer.ts';
import { ProviderCards } from '../../features/third-party/ProviderCards.tsx';
import { useDeviceKind } from '../../lib/device.ts';
import { usePreference } from '../../lib/preferences/use-preference.ts';

// Sixty-odd lotteries in ten categories: up to four columns keep the list within a 720 px window, and
// the dropdown scrolls inside (app.css) where even that does not fit.
const LOTTERY_MENU_WIDTH = 'min(1040px, calc(100vw - 32px))';

const HOVER = { trigger: 'hover' as const, openDelay: 150, closeDelay: 150 };

function EntryRow({ entry }: { entry: GameEntry }) {
  return (
    <Group justify="space-between" gap="xs" wrap="nowrap" data-testid="menu-entry" data-draw-type={entry.drawType}>
      <Text size="sm">{entry.name}</Text>
      <Group gap={4} wrap="nowrap">
        {entry.links.map((link) => (
          <Button key={link.mode} size="compact-xs" variant="light" component={Link} to={asRouteHref(link.href)}>
            {link.label}
          </Button>
        ))}
      </Group>
    </Group>
  );
}

function useOwnGamePages(capabilities: Capabilities) {
  return {
    regular: capabilities.route('/game/regular/$type'),
    board: capabilities.route('/game/board/$type'),
    dice: capabilities.route('/game/dice/$type'),
  };
}

function LotteryMenu({ config }: { config: EnabledGames }) {
  const capabilities = useCapabilities();
  const device = useDeviceKind();
  const customer = useCurrentCustomer();
  const [recentDrawTypes] = usePreference('recentDrawTypes');
  const model = buildLotteryMenu(config, device, useOwnGamePages(capabilities), recentDrawTypes, customer !== null);
  if (model.groups.length === 0) return null;
  return (
    <Menu {...HOVER} position="bottom-start" width={LOTTERY_MENU_WIDTH}>
      <Menu.Target>
        <Button variant="subtle" color="gray">
          彩票
        </Button>
      </Menu.Target>
      <Menu.Dropdown data-testid="lottery-menu" className="jl-lottery-menu">
        {model.recent.length > 0 && (
          <>
            <Menu.Label>最近玩过</Menu.Label>
            <Stack gap={4} px="sm" pb="xs" data-testid="recent-draws">
              {model.recent.map((entry) => (
                <EntryRow key={entry.drawType} entry={entry} />
              ))}
            </Stack>
            <Menu.Divider />
          </>
        )}
        <div className="jl-lottery-columns">
          {model.groups.map((group) => (
            <Stack key={group.category} gap={4} className="jl-lottery-group" data-testid="lottery-group" data-category={group.category}>
              <Text size="xs" c="dimmed" fw={600} data-testid="lottery-group-name">
                {group.name}
              </Text>
              {group.entries.map((entry) => (
                <EntryRow key={entry.drawType} entry={entry} />
              ))}
            </Stack>
          ))}
        </div>
      </Menu.Dropdown>
    </Menu>
  );
}

function DiceMenu({ config }: { config: EnabledGames }) {
  const capabilities = useCapabilities();
  const device = useDeviceKind();
  const entries = buildDiceMenu(config, device, useOwnGamePages(capabilities));
  if (entries.length === 0) return null;
  return (
    <Menu {...HOVER} position="bottom-start" width={280}>
      <Menu.Target>
        <Button variant="subtle" color="gray">
          骰宝
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Stack gap={4} p="sm">
          {entries.map((entry) => (
            <EntryRow key={entry.drawType} entry={entry} />
          ))}
        </Stack>
      </Menu.Dropdown>
    </Menu>
  );
}

function catalogueAvailable(catalogue: ThirdPartyCatalogue, capabilities: Capabilities): boolean {
  if (catalogue === 'SLOT_MACHINE') return capabilities.route('/game/slot-machine/{-$tab}');
  if (catalogue === 'FISHING_JOY') return capabilities.feature('fishingRooms') && capabilities.feature('thirdPartyLaunch');
  return capabilities.feature('thirdPartyLaunch');
}

function CatalogueMenu({ config, catalogue, label }: { config: EnabledGames; catalogue: ThirdPartyCatalogue; label: string }) {
  const capabilities = useCapabilities();
  const providers = providersFor(config, catalogue);
  if (providers.length === 0 || !catalogueAvailable(catalogue, capabilities)) return null;
  return (
    <Menu {...HOVER} position="bottom-start" width={420}>
      <Menu.Target>
        <Button variant="subtle" color="gray" data-testid="catalogue-menu-button" data-catalogue={catalogue}>
          {label}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <div style={{ padding: 'var(--mantine-spacing-xs)' }} data-testid="catalogue-menu" data-catalogue={catalogue}>
          <ProviderCards catalogue={catalogue} providers={providers} label={label} />
        </div>
      </Menu.Dropdown>
    </Menu>
  );
}

/** Lottery, dice and one menu per third-party catalogue; each appears once it has an entry that works. */
export default function GameMenus() {
  const config = useQuery(enabledGamesQueryOptions()).data;
  if (!config) return null;
  return (
    <>
      <LotteryMenu config={config} />
      <DiceMenu config={config} />
      {CATALOGUE_MENUS.map(({ catalogue, label }) => (
        <CatalogueMenu key={catalogue} config={config} catalogue={catalogue} label={label} />
      ))}
    </>
  );
}
