import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { useQueryErrorResetBoundary } from '@tanstack/react-query';
import { Link, useRouter, type ErrorComponentProps } from '@tanstack/react-router';
import { isNetworkError } from '../lib/api/errors.ts';
import { isChunkLoadError } from '../lib/pwa/chunk-reload.ts';
import { NetworkErrorModal } from './NetworkErrorModal.tsx';

export function RouteErrorPage({ error, reset }: ErrorComponentProps) {
  const router = useRouter();
  const queryReset = useQueryErrorResetBoundary();
  const retry = () => {
    queryReset.reset();
    reset();
    void router.invalidate();
  };
  if (isChunkLoadError(error) || isNetworkError(error)) return <NetworkErrorModal onRetry={retry} />;
  return (
    <Stack align="center" gap="md" py={64}>
      <Title order={1} size="h2">
        页面出错了
      </Title>
      <Text c="dimmed">页面加载时发生错误，请重试或返回首页。</Text>
      <Group>
        <Button variant="default" onClick={retry}>
          重试
        </Button>
        <Button component={Link} to="/">
          返回首页
        </Button>
      </Group>
    </Stack>
  );
}
