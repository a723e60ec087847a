import { Button, Center, Loader, Stack, Text } from '@mantine/core';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { Link, useRouter } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { errorMessage } from '../../../lib/api/errors.ts';

/**
 * A page navigation that logs the visitor in (`/login-token/{token}`, `/trial/{id}`): runs `enter`
 * once, then lands in the lobby; on failure it says why and offers the lobby.
 */
export function EntryPage({ enter, busyText, testId }: { enter: (queryClient: QueryClient) => Promise<unknown>; busyText: string; testId: string }) {
  const queryClient = useQueryClient();
  const router = useRouter();
  const [failure, setFailure] = useState<string | null>(null);
  // StrictMode runs effects twice in development; a token or a trial must be spent only once.
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    enter(queryClient)
      .then(async () => {
        await router.navigate({ to: '/', replace: true });
        await router.invalidate();
      })
      .catch((error: unknown) => setFailure(errorMessage(error)));
  }, [enter, queryClient, router]);

  return (
    <Center py="xl" data-testid={testId}>
      {failure ? (
        <Stack align="center" gap="md">
          <Text data-testid="entry-failure">{failure}</Text>
          <Button component={Link} to="/" replace>
            返回首页
          </Button>
        </Stack>
      ) : (
        <Stack align="center" gap="sm">
          <Loader />
          <Text c="dimmed">{busyText}</Text>
        </Stack>
      )}
    </Center>
  );
}
