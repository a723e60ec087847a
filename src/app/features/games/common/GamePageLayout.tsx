import { Alert, Badge, Button, Group, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { CATEGORY_NAMES, type DrawTypeInfo } from '../../../../shared/catalogue/draw-types.ts';
import { playModesFor } from '../../../../shared/catalogue/play-modes.ts';
import type { PlayMode } from '../../../../shared/enums.ts';
import { isChartSupported } from '../../../../shared/charts/supported.ts';
import { asRouteHref, useCapabilities } from '../../../capabilities/capabilities.tsx';
import { useDeviceKind } from '../../../lib/device.ts';
import { CLOSED_MESSAGES, SIMULATED_DRAW_HINT, SIMULATED_DRAW_LABEL, useGameOpen, useSimulatedDraw } from './availability.ts';
import { EmbeddedTrendChart } from './EmbeddedTrendChart.tsx';
import '../games.css';

function ModeSwitch({ info, mode }: { info: DrawTypeInfo; mode: PlayMode }) {
  const other: PlayMode = mode === 'REGULAR' ? 'BOARD' : 'REGULAR';
  const otherOpen = useGameOpen(info, other);
  const device = useDeviceKind();
  if (info.product === 'DICE' || !otherOpen) return null;
  if (!playModesFor(info, device).includes(other)) return null;
  const href = other === 'REGULAR' ? `/game/regular/${info.code}` : `/game/board/${info.code}`;
  return (
    <Button component={Link} to={asRouteHref(href)} size="compact-sm" variant="default">
      切换到{other === 'REGULAR' ? '标准' : '盘面'}玩法
    </Button>
  );
}

function ChartLink({ drawType }: { drawType: string }) {
  const capabilities = useCapabilities();
  if (!capabilities.feature('trendChart') || !isChartSupported(drawType)) return null;
  return (
    <Button component={Link} to={asRouteHref(`/game/chart/${drawType}`)} size="compact-sm" variant="default">
      走势图
    </Button>
  );
}

interface GamePageLayoutProps {
  info: DrawTypeInfo;
  mode: PlayMode;
  issueBar: ReactNode;
  side: ReactNode;
  /** The bar that stays at the bottom while the page scrolls (its last child, so it sticks over all of it). */
  betBar?: ReactNode;
  children: ReactNode;
}

/**
 * Title, mode switch, the issue bar, then the game beside the results and orders (stacked on phones),
 * and the bet bar. The issue bar and the bet bar stay in view while the page scrolls (games.css).
 */
export function GamePageLayout({ info, mode, issueBar, side, betBar, children }: GamePageLayoutProps) {
  const open = useGameOpen(info, mode);
  const simulated = useSimulatedDraw(info);
  return (
    <div className="jl-game-page" data-testid="game-page" data-draw-type={info.code}>
      <Group justify="space-between" gap="xs" mb="sm" wrap="wrap">
        <Group gap="xs">
          <Title order={1} size="h3">
            {info.name}
          </Title>
          <Badge variant="light">{info.product === 'DICE' ? '骰宝' : CATEGORY_NAMES[info.category]}</Badge>
          {info.product !== 'DICE' && <Badge variant="outline">{mode === 'REGULAR' ? '标准' : '盘面'}</Badge>}
          {simulated && (
            <Badge color="orange.9" variant="filled" title={SIMULATED_DRAW_HINT} data-testid="simulated-draw">
              {SIMULATED_DRAW_LABEL}
            </Badge>
          )}
        </Group>
        <Group gap="xs">
          <ChartLink drawType={info.code} />
          <ModeSwitch info={info} mode={mode} />
        </Group>
      </Group>
      {issueBar}
      {open ? (
        <>
          <div className="jl-game-grid">
            <div className="jl-game-main">{children}</div>
            <aside className="jl-game-side" aria-label="开奖与投注记录">
              {side}
            </aside>
          </div>
          <EmbeddedTrendChart drawType={info.code} />
          {betBar}
        </>
      ) : (
        <Alert color="orange" mt="md" data-testid="game-closed">
          {CLOSED_MESSAGES[info.product]}
        </Alert>
      )}
    </div>
  );
}
