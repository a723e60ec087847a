import { Button, Group, Text } from '@mantine/core';
import { Dialog } from './Dialog.tsx';

export default function CookiesDisabledDialog({ onClose }: { onClose: () => void }) {
  return (
    <Dialog opened onClose={onClose} title="Cookie 已被禁用" testId="cookies-disabled">
      <Text>浏览器已禁用 Cookie，这会影响平台的正常使用。请在浏览器设置中启用 Cookie 后刷新页面。</Text>
      <Group justify="flex-end" mt="lg">
        <Button onClick={onClose}>知道了</Button>
      </Group>
    </Dialog>
  );
}
