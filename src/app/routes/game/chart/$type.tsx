import { createFileRoute, notFound } from '@tanstack/react-router';
import { isChartSupported } from '../../../../shared/charts/supported.ts';
import { TrendChartPage } from '../../../features/charts/TrendChartPage.tsx';

// Public page (spec §2.1); draw types without a chart (spec §9) are not found.
export const Route = createFileRoute('/game/chart/$type')({
  beforeLoad: ({ params }) => {
    if (!isChartSupported(params.type)) throw notFound();
  },
  component: ChartRoute,
});

function ChartRoute() {
  const { type } = Route.useParams();
  return <TrendChartPage drawType={type} />;
}
