import { Button, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';

export function NotFoundPage() {
  return (
    <Stack align="center" gap="md" py={64} data-testid="not-found">
      <Title order={1} size="h2">
        页面不存在
      </Title>
      <Text c="dimmed">您访问的页面不存在或已被移除。</Text>
      <Button component={Link} to="/">
        返回首页
      </Button>
    </Stack>
  );
}
