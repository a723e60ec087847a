// The trend chart under the game (issue: "embedded on the game page"): open by default on a desktop,
// folded on a phone where the betting area needs the screen; the chart code loads when it opens.
import { Button, Group, Loader, Paper, Title } from '@mantine/core';
import { lazy, Suspense, useState } from 'react';
import { isChartSupported } from '../../../../shared/charts/supported.ts';
import { useCapabilities } from '../../../capabilities/capabilities.tsx';
import { useIsPhone } from '../../../lib/device.ts';

const TrendChart = lazy(() =>
  import('../../charts/TrendChart.tsx').then((m) => ({
    default: m.TrendChart,
  })),
);

/** Issues shown in the embedded chart; the full page offers the player's own count. */
export const EMBEDDED_CHART_COUNT = 30;

export function EmbeddedTrendChart({ drawType }: { drawType: string }) {
  const capabilities = useCapabilities();
  const phone = useIsPhone();
  const [choice, setChoice] = useState<boolean | null>(null);
  if (!capabilities.feature('trendChart') || !isChartSupported(drawType)) return null;
  const open = choice ?? !phone;
  return (
    <Paper withBorder p="sm" mt="md" data-testid="game-trend-chart" data-open={open}>
      <Group justify="space-between" gap="xs" mb={open ? 'xs' : 0}>
        <Title order={2} size="h5">
          走势图
        </Title>
        <Button size="compact-sm" variant="subtle" aria-expanded={open} onClick={() => setChoice(!open)} data-testid="game-trend-toggle">
          {open ? '收起走势' : '展开走势'}
        </Button>
      </Group>
      {open && (
        <Suspense fallback={<Loader size="sm" aria-label="正在加载走势图" />}>
          <TrendChart drawType={drawType} count={EMBEDDED_CHART_COUNT} compact />
        </Suspense>
      )}
    </Paper>
  );
}
