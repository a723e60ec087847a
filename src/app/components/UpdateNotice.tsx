import { Button, Group, Notification } from '@mantine/core';
import { applyServiceWorkerUpdate } from '../lib/pwa/service-worker.ts';

export default function UpdateNotice({ onLater }: { onLater: () => void }) {
  return (
    <Notification
      title="发现新版本"
      withCloseButton={false}
      style={{ position: 'fixed', left: 16, right: 16, bottom: 80, zIndex: 400, maxWidth: 420, marginInline: 'auto' }}
      role="alertdialog"
      data-testid="update-prompt"
    >
      新版本已准备就绪，更新后页面将重新加载。
      <Group justify="flex-end" mt="xs" gap="xs">
        <Button size="xs" variant="default" onClick={onLater}>
          稍后
        </Button>
        <Button size="xs" onClick={applyServiceWorkerUpdate}>
          立即更新
        </Button>
      </Group>
    </Notification>
  );
}
