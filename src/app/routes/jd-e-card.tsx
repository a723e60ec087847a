import { createFileRoute } from '@tanstack/react-router';
import { tutorialQueryOptions } from '../features/content/content-queries.ts';
import { TutorialPage } from '../features/content/TutorialPage.tsx';

export const Route = createFileRoute('/jd-e-card')({
  loader: ({ context }) => context.queryClient.query({ ...tutorialQueryOptions('jd-e-card'), staleTime: 'static' }),
  component: () => <TutorialPage name="jd-e-card" />,
});
