import { Anchor, Button, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { lazy, startTransition, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { asRouteHref } from '../../capabilities/capabilities.tsx';
import { announcementsQueryOptions } from '../content/content-queries.ts';
import { GameLobby } from '../games/lobby/GameLobby.tsx';
import { useCurrentCustomer } from '../session/use-current-customer.ts';

// The providers' sections come after the own games (several screens of them on a phone): their code
// loads once those are all rendered and the end of the list is within a screen of the viewport, so
// neither it nor its render (and its stylesheets, which restyle the page) is part of the first load.
const ThirdPartyLobbySections = lazy(() => import('../third-party/lobby/ThirdPartyLobbySections.tsx'));

function ThirdPartyWhenNear() {
  const sentinel = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(false);
  useEffect(() => {
    const element = sentinel.current;
    if (near || !element) return;
    if (typeof IntersectionObserver === 'undefined') {
      setNear(true);
      return;
    }
    const observer = new IntersectionObserver((entries) => entries.some((entry) => entry.isIntersecting) && setNear(true), { rootMargin: '100% 0px' });
    observer.observe(element);
    return () => observer.disconnect();
  }, [near]);
  if (!near) return <div ref={sentinel} aria-hidden />;
  return (
    <Suspense fallback={null}>
      <ThirdPartyLobbySections />
    </Suspense>
  );
}

const SHOWN_ANNOUNCEMENTS = 3;
/** One line of the list; the list keeps the height of three, so the games below never jump. */
const ANNOUNCEMENT_LINE_PX = 24;

function LatestAnnouncements() {
  const announcements = useQuery(announcementsQueryOptions());
  const items = announcements.data?.items ?? [];
  if (!announcements.isPending && items.length === 0) return null;
  return (
    <Paper withBorder p="md">
      <Group justify="space-between" mb="xs">
        <Title order={2} size="h4">
          平台公告
        </Title>
        <Anchor component={Link} to="/announcement" resetScroll={false} size="sm">
          查看全部
        </Anchor>
      </Group>
      <Stack gap={6} mih={SHOWN_ANNOUNCEMENTS * ANNOUNCEMENT_LINE_PX + (SHOWN_ANNOUNCEMENTS - 1) * 6}>
        {announcements.isPending
          ? Array.from({ length: SHOWN_ANNOUNCEMENTS }, (_, i) => <Skeleton key={i} height={ANNOUNCEMENT_LINE_PX} width={`${70 - i * 12}%`} />)
          : items.slice(0, SHOWN_ANNOUNCEMENTS).map((item) => (
              <Anchor
                key={item.id}
                component={Link}
                to={asRouteHref(`/announcement/${encodeURIComponent(item.id)}`)}
                resetScroll={false}
                lh={`${ANNOUNCEMENT_LINE_PX}px`}
                lineClamp={1}
              >
                {item.title}
              </Anchor>
            ))}
      </Stack>
    </Paper>
  );
}

function HeroLinks() {
  return (
    <>
      <Button component={Link} to="/download" resetScroll={false}>
        下载App
      </Button>
      <Button component={Link} to="/help" variant="default">
        帮助中心
      </Button>
    </>
  );
}

/** The welcome; a logged-in player (trial included) has read it, so theirs is one short row and the games move up. */
function Hero() {
  const loggedIn = useCurrentCustomer() !== null;
  if (loggedIn) {
    return (
      <Paper px="md" py="xs" radius="lg" bg="var(--mantine-primary-color-light)" className="jl-lobby-hero" data-testid="lobby-hero" data-compact>
        <Group justify="space-between" gap="sm">
          <Title order={1} size="h3">
            锦鲤大厅
          </Title>
          <Group gap="sm">
            <HeroLinks />
          </Group>
        </Group>
      </Paper>
    );
  }
  return (
    <Paper p="xl" radius="lg" bg="var(--mantine-primary-color-light)" className="jl-lobby-hero" data-testid="lobby-hero">
      <Title order={1}>锦鲤大厅</Title>
      <Text mt="xs">彩票、骰宝与更多游戏，尽在锦鲤。理性娱乐，量力而行。</Text>
      <Group mt="md" gap="sm">
        <HeroLinks />
      </Group>
    </Paper>
  );
}

// The same elements at each render: the third-party section appearing renders only itself.
const HERO = <Hero />;
const ANNOUNCEMENTS = <LatestAnnouncements />;

export function LobbyPage() {
  const [ownGamesShown, setOwnGamesShown] = useState(false);
  const onAllShown = useCallback(() => startTransition(() => setOwnGamesShown(true)), []);
  const lobby = useMemo(() => <GameLobby onAllShown={onAllShown} />, [onAllShown]);
  return (
    <Stack gap="lg" data-testid="lobby">
      {HERO}
      {ANNOUNCEMENTS}
      {lobby}
      {ownGamesShown && <ThirdPartyWhenNear />}
    </Stack>
  );
}
