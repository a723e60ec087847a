import { Button, Group, Stack, Text } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { useState } from 'react';
import { formatMoney } from '../../../shared/money.ts';
import { Dialog } from '../../components/Dialog.tsx';
import { errorMessage } from '../../lib/api/errors.ts';
import { toastError } from '../../lib/notify.ts';
import { preferences } from '../../lib/preferences/store.ts';
import { logOut } from '../session/session-actions.ts';
import { formatDuration } from './format.ts';
import { protectionQueryOptions } from './protection-queries.ts';

/** Decisions §8 reality check: how long this session has lasted and its net result; continue or log out. */
export default function RealityCheckDialog({ onContinue }: { onContinue: () => void }) {
  const queryClient = useQueryClient();
  const router = useRouter();
  const status = useQuery(protectionQueryOptions()).data;
  const [busy, setBusy] = useState(false);
  const leave = async () => {
    setBusy(true);
    try {
      await logOut(queryClient, preferences);
      await router.navigate({ to: '/' });
      await router.invalidate();
    } catch (error) {
      toastError(errorMessage(error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog opened onClose={onContinue} title="游戏时间提醒" size="sm" testId="reality-check">
      <Stack gap="xs">
        {status && (
          <>
            <Text data-testid="reality-check-duration">您本次登录已游戏 {formatDuration(Date.now() - status.session.startedAt)}。</Text>
            <Text>本次登录的输赢：{formatMoney(status.session.netResult)}</Text>
          </>
        )}
        <Text size="sm" c="dimmed">
          请合理安排游戏时间，理性娱乐。
        </Text>
      </Stack>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" loading={busy} onClick={() => void leave()}>
          退出登录
        </Button>
        <Button onClick={onContinue}>继续游戏</Button>
      </Group>
    </Dialog>
  );
}
