// 公告编辑: title, body with preview, 置顶, a publish time (empty: when published; a future one
// schedules it) and an expiry time. Draft → 发布 / 定时发布; published → 撤回 or 立即过期.
import { Alert, Badge, Button, Group, Loader, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useParams } from '@tanstack/react-router';
import { useState } from 'react';
import { errorMessage } from '../../../app/lib/api/errors.ts';
import {
  AdminAnnouncementDetailSchema,
  CONTENT_ADMIN_PATHS,
  type AdminAnnouncementDetail,
} from '../../../shared/backoffice/content.ts';
import { boSend } from '../../lib/api.ts';
import { BoLink, useBackofficeNavigate } from '../../lib/navigation.tsx';
import { useOperator } from '../../lib/operator.ts';
import { fromBeijingInput, toBeijingInput } from './beijing-time.ts';
import { fieldErrors, formError } from './form-errors.ts';
import { HtmlField } from './HtmlField.tsx';
import { ANNOUNCEMENT_STATE_COLORS, ANNOUNCEMENT_STATE_LABELS, CONTENT_PATHS_UI } from './labels.ts';
import { announcementQuery, refreshContent } from './queries.ts';

interface Draft {
  title: string;
  html: string;
  pinned: boolean;
  publishAt: string;
  expiresAt: string;
}

const EMPTY: Draft = { title: '', html: '', pinned: false, publishAt: '', expiresAt: '' };
const FIELDS = ['title', 'html', 'pinned', 'publishAt', 'expiresAt'] as const;
const DONE = { save: '已保存', publish: '已发布', withdraw: '已撤回', expire: '已设为过期' } as const;

const draftOf = (a: AdminAnnouncementDetail): Draft => ({
  title: a.title,
  html: a.html,
  pinned: a.pinned,
  publishAt: toBeijingInput(a.publishAt),
  expiresAt: toBeijingInput(a.expiresAt),
});

const bodyOf = (draft: Draft) => ({
  title: draft.title,
  html: draft.html,
  pinned: draft.pinned,
  publishAt: fromBeijingInput(draft.publishAt),
  expiresAt: fromBeijingInput(draft.expiresAt),
});

export default function AnnouncementEditorPage() {
  const { id } = useParams({ strict: false }) as { id?: string };
  const query = useQuery({ ...announcementQuery(id ?? ''), enabled: id !== undefined });
  if (id !== undefined && query.isPending) return <Loader aria-label="加载中" />;
  if (query.error) return <Alert color="red" title="加载失败">{errorMessage(query.error)}</Alert>;
  // Keyed by version: a save or another operator's change starts the form from what is stored.
  return <Editor key={query.data ? `${query.data.id}:${query.data.version}` : 'new'} stored={query.data ?? null} />;
}

function Editor({ stored }: { stored: AdminAnnouncementDetail | null }) {
  const { can } = useOperator();
  const readOnly = !can('content.manage');
  const queryClient = useQueryClient();
  const navigate = useBackofficeNavigate();
  const [draft, setDraft] = useState<Draft>(stored ? draftOf(stored) : EMPTY);
  const [reason, setReason] = useState('');
  const dirty = stored === null || JSON.stringify(draftOf(stored)) !== JSON.stringify(draft);
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft((current) => ({ ...current, [key]: value }));

  const mutation = useMutation({
    mutationFn: async (action: 'save' | 'publish' | 'withdraw' | 'expire'): Promise<AdminAnnouncementDetail> => {
      if (!stored) return boSend('POST', CONTENT_ADMIN_PATHS.announcements, bodyOf(draft), AdminAnnouncementDetailSchema);
      const save = (body: ReturnType<typeof bodyOf>) =>
        boSend('PUT', CONTENT_ADMIN_PATHS.announcement(stored.id), { ...body, version: stored.version }, AdminAnnouncementDetailSchema);
      const statusChange = { ...(reason.trim() ? { reason: reason.trim() } : {}) };
      switch (action) {
        case 'save':
          return save(bodyOf(draft));
        case 'publish': {
          const current = dirty ? await save(bodyOf(draft)) : stored;
          return boSend('PUT', CONTENT_ADMIN_PATHS.publish(stored.id), { version: current.version, ...statusChange }, AdminAnnouncementDetailSchema);
        }
        case 'withdraw':
          return boSend('PUT', CONTENT_ADMIN_PATHS.withdraw(stored.id), { version: stored.version, ...statusChange }, AdminAnnouncementDetailSchema);
        case 'expire':
          return save({ ...bodyOf(draftOf(stored)), expiresAt: new Date().toISOString() });
      }
    },
    onSuccess: async (saved, action) => {
      notifications.show({ color: 'green', message: DONE[action] });
      await refreshContent(queryClient);
      if (!stored) await navigate(CONTENT_PATHS_UI.announcement(saved.id));
    },
  });

  const errors = fieldErrors(mutation.error);
  const problem = formError(mutation.error, FIELDS);
  const live = stored !== null && ['SCHEDULED', 'PUBLISHED', 'EXPIRED'].includes(stored.state);
  const scheduled = (fromBeijingInput(draft.publishAt) ?? '') > new Date().toISOString();
  const busy = mutation.isPending;

  return (
    <Stack maw={1400}>
      <Group justify="space-between">
        <Group>
          <Title order={2}>{stored ? '编辑公告' : '新建公告'}</Title>
          {stored ? (
            <Badge size="lg" variant="light" color={ANNOUNCEMENT_STATE_COLORS[stored.state]} data-testid="announcement-state">
              {ANNOUNCEMENT_STATE_LABELS[stored.state]}
            </Badge>
          ) : null}
        </Group>
        <BoLink to={CONTENT_PATHS_UI.announcements}>返回公告列表</BoLink>
      </Group>
      <form
        noValidate
        aria-label="公告"
        onSubmit={(event) => {
          event.preventDefault();
          mutation.mutate('save');
        }}
      >
        <Stack>
          <TextInput label="标题" value={draft.title} onChange={(e) => set('title', e.currentTarget.value)} error={errors.title} readOnly={readOnly} required maxLength={100} />
          <HtmlField value={draft.html} onChange={(html) => set('html', html)} error={errors.html} readOnly={readOnly} />
          <Switch label="置顶" checked={draft.pinned} onChange={(e) => set('pinned', e.currentTarget.checked)} disabled={readOnly} />
          <Group align="start" grow maw={700}>
            <TextInput
              type="datetime-local"
              label="发布时间（北京时间）"
              description="留空：点击发布时立即上线；填写将来的时间：到时自动上线"
              value={draft.publishAt}
              onChange={(e) => set('publishAt', e.currentTarget.value)}
              error={errors.publishAt}
              readOnly={readOnly}
            />
            <TextInput
              type="datetime-local"
              label="过期时间（北京时间）"
              description="留空：不过期"
              value={draft.expiresAt}
              onChange={(e) => set('expiresAt', e.currentTarget.value)}
              error={errors.expiresAt}
              readOnly={readOnly}
            />
          </Group>
          {stored && !readOnly ? (
            <TextInput label="备注（发布、撤回时记入审计日志，可不填）" value={reason} onChange={(e) => setReason(e.currentTarget.value)} maxLength={200} maw={700} />
          ) : null}
          {problem ? <Alert color="red">{problem}</Alert> : null}
          {readOnly ? (
            <Text c="dimmed" size="sm">
              你的角色只能查看公告。
            </Text>
          ) : (
            <Group>
              <Button type="submit" variant={stored ? 'default' : 'filled'} loading={busy && mutation.variables === 'save'} disabled={busy || !dirty}>
                {stored ? '保存' : '保存草稿'}
              </Button>
              {stored && !live ? (
                <Button onClick={() => mutation.mutate('publish')} loading={busy && mutation.variables === 'publish'} disabled={busy}>
                  {scheduled ? '定时发布' : '发布'}
                </Button>
              ) : null}
              {live ? (
                <Button color="red" variant="light" onClick={() => mutation.mutate('withdraw')} loading={busy && mutation.variables === 'withdraw'} disabled={busy}>
                  撤回
                </Button>
              ) : null}
              {stored?.state === 'PUBLISHED' ? (
                <Button color="orange" variant="light" onClick={() => mutation.mutate('expire')} loading={busy && mutation.variables === 'expire'} disabled={busy || dirty}>
                  立即过期
                </Button>
              ) : null}
            </Group>
          )}
        </Stack>
      </form>
    </Stack>
  );
}
