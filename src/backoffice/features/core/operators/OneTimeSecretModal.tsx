// A password the server made up, shown once to be handed over.
import { Alert, Button, Code, CopyButton, Group, Modal, Stack, Text } from '@mantine/core';

export function OneTimeSecretModal({ title, username, password, onClose }: { title: string; username: string; password: string | null; onClose: () => void }) {
  return (
    <Modal opened={password !== null} onClose={onClose} title={title} closeButtonProps={{ 'aria-label': '关闭' }}>
      <Stack gap="md">
        <Alert color="blue">此密码只显示这一次，请通过安全渠道交给操作员本人。首次登录时须绑定动态验证码。</Alert>
        <Text size="sm">用户名：{username}</Text>
        <Group gap="sm">
          <Code fz="lg" data-testid="one-time-password">
            {password}
          </Code>
          <CopyButton value={password ?? ''}>
            {({ copied, copy }) => (
              <Button size="compact-sm" variant="light" onClick={copy}>
                {copied ? '已复制' : '复制'}
              </Button>
            )}
          </CopyButton>
        </Group>
        <Group justify="flex-end">
          <Button onClick={onClose}>完成</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
