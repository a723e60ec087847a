import { createFileRoute } from '@tanstack/react-router';
import { tutorialQueryOptions } from '../../../features/content/content-queries.ts';
import { TutorialPage } from '../../../features/content/TutorialPage.tsx';

export const Route = createFileRoute('/wallet/tutorial/alipay-hebao')({
  loader: ({ context }) => context.queryClient.query({ ...tutorialQueryOptions('alipay-hebao'), staleTime: 'static' }),
  component: () => <TutorialPage name="alipay-hebao" />,
});
