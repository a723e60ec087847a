import { createFileRoute, notFound } from '@tanstack/react-router';
import { HELP_SLUG, helpPageExists, helpPageQueryOptions } from '../../features/content/content-queries.ts';
import { HelpArticlePage } from '../../features/content/HelpPages.tsx';

export const Route = createFileRoute('/help/$')({
  loader: async ({ context, params }) => {
    const slug = params._splat ?? '';
    if (!HELP_SLUG.test(slug)) throw notFound();
    if (!(await helpPageExists(context.queryClient, slug))) throw notFound();
    await context.queryClient.query({ ...helpPageQueryOptions(slug), staleTime: 'static' });
  },
  component: HelpArticleRoute,
});

function HelpArticleRoute() {
  const { _splat } = Route.useParams();
  return <HelpArticlePage slug={_splat ?? ''} />;
}
