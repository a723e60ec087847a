import { createFileRoute, notFound } from '@tanstack/react-router';
import { AnnouncementOverlay } from '../../features/content/AnnouncementOverlay.tsx';
import { announcementsQueryOptions } from '../../features/content/content-queries.ts';

export const Route = createFileRoute('/announcement/{-$id}')({
  staticData: { overlay: true },
  loader: async ({ context, params }) => {
    const { items } = await context.queryClient.query({ ...announcementsQueryOptions(), staleTime: 'static' });
    if (params.id && !items.some((item) => item.id === params.id)) throw notFound();
  },
  component: AnnouncementRoute,
});

function AnnouncementRoute() {
  const { id } = Route.useParams();
  return <AnnouncementOverlay id={id} />;
}
