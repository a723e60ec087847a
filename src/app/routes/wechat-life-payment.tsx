import { createFileRoute } from '@tanstack/react-router';
import { tutorialQueryOptions } from '../features/content/content-queries.ts';
import { TutorialPage } from '../features/content/TutorialPage.tsx';

export const Route = createFileRoute('/wechat-life-payment')({
  loader: ({ context }) => context.queryClient.query({ ...tutorialQueryOptions('wechat-life-payment'), staleTime: 'static' }),
  component: () => <TutorialPage name="wechat-life-payment" />,
});
