import { Button, Group, Text } from '@mantine/core';
import { Dialog } from '../../components/Dialog.tsx';
import { closeTrialRestriction } from '../notifications/trial-restriction.ts';
import { useOpenAuthModal } from './use-auth-modal.ts';

/** Spec §6: "cannot {operation}", with register now / look around. */
export default function TrialRestrictionDialog({ operation }: { operation: string }) {
  const openAuth = useOpenAuthModal();
  return (
    <Dialog opened onClose={closeTrialRestriction} title="试玩账号" size="sm" testId="trial-restriction">
      <Text>试玩账号无法{operation}，请注册正式账号后再试。</Text>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={closeTrialRestriction}>
          随便看看
        </Button>
        <Button
          onClick={() => {
            closeTrialRestriction();
            openAuth('register');
          }}
        >
          立即注册
        </Button>
      </Group>
    </Dialog>
  );
}
