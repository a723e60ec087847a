import { createFileRoute, notFound } from '@tanstack/react-router';
import { tutorialQueryOptions } from '../../features/content/content-queries.ts';
import { TutorialPage } from '../../features/content/TutorialPage.tsx';
import { tutorialContentKey, tutorialHasTab } from '../../features/content/tutorials.ts';

export const Route = createFileRoute('/digital-rmb/$tab')({
  beforeLoad: ({ params }) => {
    if (!tutorialHasTab('digital-rmb', params.tab)) throw notFound();
  },
  loader: ({ context, params }) =>
    context.queryClient.query({ ...tutorialQueryOptions(tutorialContentKey('digital-rmb', params.tab)), staleTime: 'static' }),
  component: TutorialTabRoute,
});

function TutorialTabRoute() {
  const { tab } = Route.useParams();
  return <TutorialPage name="digital-rmb" tab={tab} />;
}
