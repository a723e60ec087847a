import { createFileRoute } from '@tanstack/react-router';
import { ResultsPage } from '../../features/results/ResultsPage.tsx';

// Public, not in the spec's route table: every enabled game's latest result (docs/pwa.md, 开奖).
export const Route = createFileRoute('/draw-results/')({
  component: ResultsPage,
});
