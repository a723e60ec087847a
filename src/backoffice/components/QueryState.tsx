// What a list shows while its data is loading or when it could not be loaded.
import { Alert, Button, Center, Group, Loader, Text } from '@mantine/core';
import { errorMessage } from '../../app/lib/api/errors.ts';

export function LoadingBlock() {
  return (
    <Center py="xl">
      <Loader aria-label="正在加载" />
    </Center>
  );
}

export function ErrorBlock({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  return (
    <Alert color="red" role="alert" title="加载失败">
      <Group justify="space-between" gap="sm">
        <Text size="sm">{errorMessage(error)}</Text>
        {onRetry && (
          <Button size="compact-sm" variant="light" color="red" onClick={onRetry}>
            重试
          </Button>
        )}
      </Group>
    </Alert>
  );
}
