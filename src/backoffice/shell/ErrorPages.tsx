import { Alert, Button, Stack, Text, Title } from '@mantine/core';
import { errorMessage } from '../../app/lib/api/errors.ts';
import { BoLink } from '../lib/navigation.tsx';
import { useDocumentTitle } from './document-title.ts';

function Notice({ code, title, text }: { code: string; title: string; text: string }) {
  useDocumentTitle(title);
  return (
    <Stack align="center" gap="md" py={64} data-testid={`page-${code}`}>
      <Text fw={700} fz={48} c="dimmed">
        {code}
      </Text>
      <Title order={1} size="h2">
        {title}
      </Title>
      <Text c="dimmed">{text}</Text>
      <Button component={BoLink} to="/">
        返回首页
      </Button>
    </Stack>
  );
}

export function ForbiddenPage() {
  return <Notice code="403" title="没有权限" text="您的角色无权访问此页面。如需开通，请联系超级管理员。" />;
}

export function NotFoundPage() {
  return <Notice code="404" title="页面不存在" text="您访问的页面不存在或已被移除。" />;
}

export function RouteErrorPage({ error }: { error: unknown }) {
  useDocumentTitle('出错了');
  return (
    <Alert color="red" title="页面加载失败" m="md">
      <Stack gap="sm" align="flex-start">
        <Text>{errorMessage(error)}</Text>
        <Button variant="light" onClick={() => window.location.reload()}>
          重新加载
        </Button>
      </Stack>
    </Alert>
  );
}
