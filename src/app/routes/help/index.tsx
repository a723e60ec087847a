import { createFileRoute } from '@tanstack/react-router';
import { helpIndexQueryOptions } from '../../features/content/content-queries.ts';
import { HelpIndexPage } from '../../features/content/HelpPages.tsx';

export const Route = createFileRoute('/help/')({
  loader: ({ context }) => context.queryClient.query({ ...helpIndexQueryOptions(), staleTime: 'static' }),
  component: HelpIndexPage,
});
