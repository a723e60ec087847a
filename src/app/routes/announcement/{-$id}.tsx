import { createFileRoute, notFound } from '@tanstack/react-router';
import { AnnouncementOverlay } from '../../features/content/AnnouncementOverlay.tsx';
import { announcementExists, announcementsQueryOptions } from '../../features/content/content-queries.ts';

export const Route = createFileRoute('/announcement/{-$id}')({
  staticData: { overlay: true },
  loader: async ({ context, params }) => {
    if (params.id ? !(await announcementExists(context.queryClient, params.id)) : false) throw notFound();
    if (!params.id) await context.queryClient.query({ ...announcementsQueryOptions(), staleTime: 'static' });
  },
  component: AnnouncementRoute,
});

function AnnouncementRoute() {
  const { id } = Route.useParams();
  return <AnnouncementOverlay id={id} />;
}
