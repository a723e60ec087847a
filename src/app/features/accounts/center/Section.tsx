import { Card, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** One titled card of the personal centre's tabs. */
export function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card withBorder padding="md">
      <Title order={2} size="h5" mb="sm">
        {title}
      </Title>
      {children}
    </Card>
  );
}
