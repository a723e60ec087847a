import { createFileRoute, notFound } from '@tanstack/react-router';
import { findDrawType } from '../../../../shared/catalogue/draw-types.ts';
import { PeriodicVerifyPage } from '../../../features/fairness/PeriodicVerifyPage.tsx';

// Public, not in the spec's route table: the provably-fair check of one periodic issue (docs/pwa.md).
export const Route = createFileRoute('/verify/$drawType/$issueNumber')({
  beforeLoad: ({ params }) => {
    const info = findDrawType(params.drawType);
    if (!info || info.instant) throw notFound();
  },
  component: PeriodicVerifyRoute,
});

function PeriodicVerifyRoute() {
  const { drawType, issueNumber } = Route.useParams();
  return <PeriodicVerifyPage drawType={drawType} issueNumber={issueNumber} />;
}
