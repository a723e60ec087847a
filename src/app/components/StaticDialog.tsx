import { Button, Group, Paper, Text, Title } from '@mantine/core';
import { useEffect, useId, useRef } from 'react';

/**
 * A blocking dialog that needs no lazy chunk: startup and network failures happen exactly when
 * chunks cannot be fetched, so these two must render from the first bundle.
 */
export function StaticDialog({
  title,
  message,
  actionLabel,
  onAction,
  testId,
}: {
  title: string;
  message: string;
  actionLabel: string;
  onAction: () => void;
  testId?: string;
}) {
  const titleId = useId();
  const button = useRef<HTMLButtonElement>(null);
  useEffect(() => button.current?.focus(), []);
  return (
    <div className="jl-static-dialog-backdrop">
      <Paper role="alertdialog" aria-modal="true" aria-labelledby={titleId} className="jl-static-dialog" shadow="lg" p="lg" data-testid={testId}>
        <Title order={2} size="h4" id={titleId}>
          {title}
        </Title>
        <Text mt="sm">{message}</Text>
        <Group justify="flex-end" mt="lg">
          <Button ref={button} onClick={onAction}>
            {actionLabel}
          </Button>
        </Group>
      </Paper>
    </div>
  );
}
