import { createFileRoute, notFound } from '@tanstack/react-router';
import { tutorialQueryOptions } from '../../features/content/content-queries.ts';
import { TutorialPage } from '../../features/content/TutorialPage.tsx';
import { tutorialContentKey, tutorialHasTab } from '../../features/content/tutorials.ts';

export const Route = createFileRoute('/to-pay/$tab')({
  beforeLoad: ({ params }) => {
    if (!tutorialHasTab('to-pay', params.tab)) throw notFound();
  },
  loader: ({ context, params }) =>
    context.queryClient.query({ ...tutorialQueryOptions(tutorialContentKey('to-pay', params.tab)), staleTime: 'static' }),
  component: TutorialTabRoute,
});

function TutorialTabRoute() {
  const { tab } = Route.useParams();
  return <TutorialPage name="to-pay" tab={tab} />;
}
