import { createFileRoute, notFound } from '@tanstack/react-router';
import { findDrawType } from '../../../shared/catalogue/draw-types.ts';
import { HistoryPage } from '../../features/results/HistoryPage.tsx';

function validateHistorySearch(search: Record<string, unknown>): { page?: number } {
  const page = Number(search.page);
  return Number.isSafeInteger(page) && page > 1 && page <= 1000 ? { page } : {};
}

// Public, not in the spec's route table: one game's results a page at a time (docs/pwa.md, 开奖).
export const Route = createFileRoute('/draw-results/$type')({
  validateSearch: validateHistorySearch,
  beforeLoad: ({ params }) => {
    if (!findDrawType(params.type)) throw notFound();
  },
  component: HistoryRoute,
});

function HistoryRoute() {
  const { type } = Route.useParams();
  const { page = 1 } = Route.useSearch();
  const navigate = Route.useNavigate();
  return <HistoryPage drawType={type} page={page} onPage={(next) => void navigate({ search: (prev) => ({ ...prev, page: next > 1 ? next : undefined }) })} />;
}
