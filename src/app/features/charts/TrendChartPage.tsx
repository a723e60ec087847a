// The standalone chart page `/game/chart/{type}` (spec §2.1).
import { Badge, Button, Group, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { CATEGORY_NAMES, getDrawType } from '../../../shared/catalogue/draw-types.ts';
import { asRouteHref, useCapabilities } from '../../capabilities/capabilities.tsx';
import { TrendChart } from './TrendChart.tsx';

function useGameHref(drawType: string): string | null {
  const capabilities = useCapabilities();
  const info = getDrawType(drawType);
  if (info.product === 'DICE') return capabilities.route('/game/dice/$type') ? `/game/dice/${drawType}` : null;
  return capabilities.route('/game/regular/$type') ? `/game/regular/${drawType}` : null;
}

export function TrendChartPage({ drawType }: { drawType: string }) {
  const info = getDrawType(drawType);
  const gameHref = useGameHref(drawType);
  return (
    <div data-testid="chart-page">
      <Group justify="space-between" gap="xs" mb="sm" wrap="wrap">
        <Group gap="xs">
          <Title order={1} size="h3">
            {info.name} 走势图
          </Title>
          <Badge variant="light">{info.product === 'DICE' ? '骰宝' : CATEGORY_NAMES[info.category]}</Badge>
        </Group>
        {gameHref && (
          <Button component={Link} to={asRouteHref(gameHref)} size="compact-sm" variant="default">
            去投注
          </Button>
        )}
      </Group>
      <TrendChart drawType={drawType} views />
    </div>
  );
}
