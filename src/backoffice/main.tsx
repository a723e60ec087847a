// The operator back office (/backoffice/): its own entry, router and query client; it shares no code
// at run time with the player PWA, which never loads it (vite.config.ts builds it on its own).
import '../app/lib/zod-config.ts';
import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BackofficeApp } from './App.tsx';
import { createBackofficeRouter } from './router.tsx';
import { createBackofficeQueryClient } from './lib/query-client.ts';
import { endSession } from './shell/session.ts';

const queryClient = createBackofficeQueryClient(() => endSession(queryClient, router));
const router = createBackofficeRouter(queryClient);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <BackofficeApp queryClient={queryClient} router={router} />
  </StrictMode>,
);
