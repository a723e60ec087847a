// One page of a feature: the 403 page for a role without its permission (the server refuses its data
// anyway), else the page's own (lazily loaded) component under its title.
import { Center, Loader } from '@mantine/core';
import { Suspense } from 'react';
import { useOperator } from '../lib/operator.ts';
import { useDocumentTitle } from './document-title.ts';
import { ForbiddenPage } from './ErrorPages.tsx';
import type { BackofficePage } from './page.ts';

export function PageGate({ page }: { page: BackofficePage }) {
  const { can } = useOperator();
  useDocumentTitle(page.title);
  if (!can(page.permission)) return <ForbiddenPage />;
  const Page = page.component;
  return (
    <Suspense
      fallback={
        <Center py="xl">
          <Loader aria-label="正在加载" />
        </Center>
      }
    >
      <Page />
    </Suspense>
  );
}
