import { createFileRoute } from '@tanstack/react-router';
import { DownloadPage } from '../features/download/DownloadPage.tsx';

export const Route = createFileRoute('/download')({
  staticData: { overlay: true },
  component: DownloadPage,
});
