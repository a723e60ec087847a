// 支付教程编辑: one tutorial page's title and text.
import { Alert, Button, Group, Loader, Stack, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSearch } from '@tanstack/react-router';
import { useState } from 'react';
import { errorMessage } from '../../../app/lib/api/errors.ts';
import { AdminTutorialDetailSchema, CONTENT_ADMIN_PATHS, type AdminTutorialDetail } from '../../../shared/backoffice/content.ts';
import { boSend } from '../../lib/api.ts';
import { BoLink } from '../../lib/navigation.tsx';
import { useOperator } from '../../lib/operator.ts';
import { fieldErrors, formError } from './form-errors.ts';
import { HtmlField } from './HtmlField.tsx';
import { CONTENT_PATHS_UI } from './labels.ts';
import { refreshContent, tutorialQuery } from './queries.ts';
import { playerPath } from './TutorialsPage.tsx';

export default function TutorialEditorPage() {
  const { key = '' } = useSearch({ strict: false }) as { key?: string };
  const query = useQuery(tutorialQuery(key));
  if (query.isPending) return <Loader aria-label="加载中" />;
  if (query.error) return <Alert color="red" title="加载失败">{errorMessage(query.error)}</Alert>;
  return <Editor key={`${query.data.key}:${query.data.version}`} stored={query.data} />;
}

function Editor({ stored }: { stored: AdminTutorialDetail }) {
  const { can } = useOperator();
  const readOnly = !can('content.manage');
  const queryClient = useQueryClient();
  const [title, setTitle] = useState(stored.title);
  const [html, setHtml] = useState(stored.html);
  const save = useMutation({
    mutationFn: () => boSend('PUT', CONTENT_ADMIN_PATHS.tutorial(stored.key), { title, html, version: stored.version }, AdminTutorialDetailSchema),
    onSuccess: async () => {
      notifications.show({ color: 'green', message: '已保存，玩家端即时更新' });
      await refreshContent(queryClient);
    },
  });
  const errors = fieldErrors(save.error);
  const problem = formError(save.error, ['title', 'html']);
  return (
    <Stack maw={1400}>
      <Group justify="space-between">
        <Title order={2}>{stored.label}</Title>
        <BoLink to={CONTENT_PATHS_UI.tutorials}>返回教程列表</BoLink>
      </Group>
      <Text size="sm" c="dimmed">
        玩家端地址：<span style={{ fontFamily: 'var(--mantine-font-family-monospace)' }}>{playerPath(stored.key)}</span>
      </Text>
      <form
        noValidate
        aria-label="教程页面"
        onSubmit={(event) => {
          event.preventDefault();
          save.mutate();
        }}
      >
        <Stack>
          <TextInput label="页面标题" value={title} onChange={(e) => setTitle(e.currentTarget.value)} error={errors.title} readOnly={readOnly} required maxLength={100} maw={700} />
          <HtmlField value={html} onChange={setHtml} error={errors.html} readOnly={readOnly} />
          {problem ? <Alert color="red">{problem}</Alert> : null}
          {readOnly ? null : (
            <Button type="submit" loading={save.isPending} w="fit-content">
              保存
            </Button>
          )}
        </Stack>
      </form>
    </Stack>
  );
}
