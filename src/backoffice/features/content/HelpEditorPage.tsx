// 帮助页面编辑: a new page (its address chosen once) or an existing one; delete with confirmation.
import { Alert, Button, Group, Loader, NumberInput, Stack, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSearch } from '@tanstack/react-router';
import { useState } from 'react';
import { errorMessage } from '../../../app/lib/api/errors.ts';
import { AdminHelpPageDetailSchema, CONTENT_ADMIN_PATHS, type AdminHelpPageDetail } from '../../../shared/backoffice/content.ts';
import { boSend } from '../../lib/api.ts';
import { BoLink, useBackofficeNavigate } from '../../lib/navigation.tsx';
import { useOperator } from '../../lib/operator.ts';
import { fieldErrors, formError } from './form-errors.ts';
import { HtmlField } from './HtmlField.tsx';
import { CONTENT_PATHS_UI } from './labels.ts';
import { helpPageQuery, refreshContent } from './queries.ts';

interface Draft {
  slug: string;
  title: string;
  summary: string;
  section: string;
  position: number | string;
  html: string;
}

const EMPTY: Draft = { slug: '', title: '', summary: '', section: '', position: 100, html: '' };
const FIELDS = ['slug', 'title', 'summary', 'section', 'position', 'html'] as const;

const draftOf = (page: AdminHelpPageDetail): Draft => ({
  slug: page.slug,
  title: page.title,
  summary: page.summary ?? '',
  section: page.section,
  position: page.position,
  html: page.html,
});

export default function HelpEditorPage() {
  const { slug } = useSearch({ strict: false }) as { slug?: string };
  const query = useQuery({ ...helpPageQuery(slug ?? ''), enabled: slug !== undefined });
  if (slug !== undefined && query.isPending) return <Loader aria-label="加载中" />;
  if (query.error) return <Alert color="red" title="加载失败">{errorMessage(query.error)}</Alert>;
  return <Editor key={query.data ? `${query.data.slug}:${query.data.version}` : 'new'} stored={query.data ?? null} />;
}

function Editor({ stored }: { stored: AdminHelpPageDetail | null }) {
  const { can } = useOperator();
  const readOnly = !can('content.manage');
  const queryClient = useQueryClient();
  const navigate = useBackofficeNavigate();
  const [draft, setDraft] = useState<Draft>(stored ? draftOf(stored) : EMPTY);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft((current) => ({ ...current, [key]: value }));

  const fields = () => ({
    title: draft.title,
    summary: draft.summary,
    section: draft.section,
    position: typeof draft.position === 'number' ? draft.position : Number.NaN,
    html: draft.html,
  });
  const save = useMutation({
    mutationFn: () =>
      stored
        ? boSend('PUT', CONTENT_ADMIN_PATHS.helpPage(stored.slug), { ...fields(), version: stored.version }, AdminHelpPageDetailSchema)
        : boSend('POST', CONTENT_ADMIN_PATHS.helpPages, { slug: draft.slug, ...fields() }, AdminHelpPageDetailSchema),
    onSuccess: async (page) => {
      notifications.show({ color: 'green', message: '已保存，玩家端即时更新' });
      await refreshContent(queryClient);
      if (!stored) await navigate(CONTENT_PATHS_UI.helpEditor, { slug: page.slug });
    },
  });
  const remove = useMutation({
    mutationFn: () => boSend('DELETE', `${CONTENT_ADMIN_PATHS.helpPage(stored!.slug)}?version=${stored!.version}`),
    onSuccess: async () => {
      notifications.show({ color: 'green', message: '已删除' });
      await refreshContent(queryClient);
      await navigate(CONTENT_PATHS_UI.helpPages);
    },
  });
  const errors = fieldErrors(save.error);
  const problem = formError(save.error, FIELDS) ?? (remove.error ? errorMessage(remove.error) : null);

  return (
    <Stack maw={1400}>
      <Group justify="space-between">
        <Title order={2}>{stored ? `编辑帮助页面 · ${stored.title}` : '新建帮助页面'}</Title>
        <BoLink to={CONTENT_PATHS_UI.helpPages}>返回帮助页面列表</BoLink>
      </Group>
      <form
        noValidate
        aria-label="帮助页面"
        onSubmit={(event) => {
          event.preventDefault();
          save.mutate();
        }}
      >
        <Stack>
          <Group grow align="start" maw={900}>
            <TextInput
              label="页面地址"
              description={stored ? '地址创建后不能修改' : '小写字母、数字和 -，可用 / 分级，例如 faq/bonus'}
              leftSection="/help/"
              leftSectionWidth={56}
              value={draft.slug}
              onChange={(e) => set('slug', e.currentTarget.value)}
              error={errors.slug}
              readOnly={readOnly || stored !== null}
              required
            />
            <TextInput label="标题" value={draft.title} onChange={(e) => set('title', e.currentTarget.value)} error={errors.title} readOnly={readOnly} required maxLength={100} />
          </Group>
          <Group grow align="start" maw={900}>
            <TextInput label="分组" description="帮助中心按分组列出页面" value={draft.section} onChange={(e) => set('section', e.currentTarget.value)} error={errors.section} readOnly={readOnly} required maxLength={30} />
            <NumberInput label="排序" description="数字小的在前" value={draft.position} onChange={(value) => set('position', value)} error={errors.position} readOnly={readOnly} min={0} max={100000} allowDecimal={false} required />
          </Group>
          <TextInput label="简介" description="显示在帮助中心的页面卡片上，可不填" value={draft.summary} onChange={(e) => set('summary', e.currentTarget.value)} error={errors.summary} readOnly={readOnly} maxLength={200} maw={900} />
          <HtmlField value={draft.html} onChange={(html) => set('html', html)} error={errors.html} readOnly={readOnly} />
          {problem ? <Alert color="red">{problem}</Alert> : null}
          {readOnly ? null : (
            <Group>
              <Button type="submit" loading={save.isPending} disabled={remove.isPending}>
                保存
              </Button>
              {stored && !confirmDelete ? (
                <Button color="red" variant="light" onClick={() => setConfirmDelete(true)}>
                  删除
                </Button>
              ) : null}
              {stored && confirmDelete ? (
                <>
                  <Button color="red" onClick={() => remove.mutate()} loading={remove.isPending}>
                    确认删除
                  </Button>
                  <Button variant="default" onClick={() => setConfirmDelete(false)}>
                    取消
                  </Button>
                </>
              ) : null}
            </Group>
          )}
        </Stack>
      </form>
    </Stack>
  );
}
