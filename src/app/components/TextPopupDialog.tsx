import { Button, Group, Text } from '@mantine/core';
import { dismissTextPopup, type TextPopup } from '../features/notifications/text-popups.ts';
import { Dialog } from './Dialog.tsx';

export default function TextPopupDialog({ popup }: { popup: TextPopup }) {
  const close = () => dismissTextPopup(popup.id);
  return (
    <Dialog opened onClose={close} title={popup.title || '系统消息'} testId="text-popup">
      <Text style={{ whiteSpace: 'pre-wrap' }}>{popup.content}</Text>
      <Group justify="flex-end" mt="lg">
        <Button onClick={close}>知道了</Button>
      </Group>
    </Dialog>
  );
}
