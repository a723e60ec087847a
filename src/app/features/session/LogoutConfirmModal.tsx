import { Button, Group, Text } from '@mantine/core';
import { Dialog } from '../../components/Dialog.tsx';
import { useQueryClient } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { useState } from 'react';
import { errorMessage } from '../../lib/api/errors.ts';
import { toastError } from '../../lib/notify.ts';
import { preferences } from '../../lib/preferences/store.ts';
import { logOut } from './session-actions.ts';

export default function LogoutConfirmModal({ onClose }: { onClose: () => void }) {
  const queryClient = useQueryClient();
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  const confirm = async () => {
    setBusy(true);
    try {
      await logOut(queryClient, preferences);
      onClose();
      await router.navigate({ to: '/' });
      await router.invalidate();
    } catch (error) {
      toastError(errorMessage(error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog opened onClose={onClose} title="退出登录" size="sm" testId="logout-confirm">
      <Text>确定要退出登录吗？</Text>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={onClose}>
          取消
        </Button>
        <Button color="red" loading={busy} onClick={() => void confirm()}>
          确定退出
        </Button>
      </Group>
    </Dialog>
  );
}
