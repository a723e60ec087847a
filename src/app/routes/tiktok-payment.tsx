import { createFileRoute } from '@tanstack/react-router';
import { tutorialQueryOptions } from '../features/content/content-queries.ts';
import { TutorialPage } from '../features/content/TutorialPage.tsx';

export const Route = createFileRoute('/tiktok-payment')({
  loader: ({ context }) => context.queryClient.query({ ...tutorialQueryOptions('tiktok-payment'), staleTime: 'static' }),
  component: () => <TutorialPage name="tiktok-payment" />,
});
