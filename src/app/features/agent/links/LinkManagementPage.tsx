// 链接管理 (/agent/link-management): the agent's links, newest first, with their registration counts
// and states; remarks edited in place, a link deleted, every expired link deleted at once, and each
// active link's QR code and copy button.
import '@mantine/core/styles/SegmentedControl.css';
import '@mantine/core/styles/Pagination.css';
import { Alert, Button, Group, Loader, Pagination, SegmentedControl, Stack, Text } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { LINK_STATE_NAMES, LINK_STATES, type AgentLink, type LinkState } from '../../../../shared/api/agent-links.ts';
import { Dialog } from '../../../components/Dialog.tsx';
import { OverlayFrame } from '../../../components/shell/OverlayFrame.tsx';
import { errorMessage } from '../../../lib/api/errors.ts';
import { toastSuccess } from '../../../lib/notify.ts';
import { reportActionError } from '../../accounts/common/action-error.ts';
import { deleteInactiveLinks, linkListQuery, refreshLinks } from './link-queries.ts';
import { LinkRow } from './LinkRow.tsx';
import { LinkShare } from './LinkShare.tsx';

const PAGE_SIZE = 10;
const FILTERS = [{ value: 'ALL', label: '全部' }, ...LINK_STATES.map((state) => ({ value: state, label: LINK_STATE_NAMES[state] }))];

export function LinkManagementPage() {
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);
  const [filter, setFilter] = useState<'ALL' | LinkState>('ALL');
  const [sharing, setSharing] = useState<AgentLink | null>(null);
  const list = useQuery(linkListQuery(page, PAGE_SIZE, filter === 'ALL' ? null : filter));
  const clean = useMutation({
    mutationFn: deleteInactiveLinks,
    onSuccess: ({ deleted }) => {
      toastSuccess(deleted > 0 ? `已删除 ${deleted} 个失效链接` : '没有失效链接');
      void refreshLinks(queryClient);
    },
    onError: reportActionError,
  });
  const pages = list.data ? Math.max(1, Math.ceil(list.data.total / PAGE_SIZE)) : 1;
  return (
    <OverlayFrame title="链接管理">
      <Stack data-testid="agent-link-management">
        <Group justify="space-between">
          <Text size="sm" c="dimmed">
            {list.data ? `有效链接 ${list.data.activeCount} 个` : ''}
          </Text>
          <Group gap="xs">
            <Button size="xs" variant="light" component={Link} to="/agent/link-creation">
              生成链接
            </Button>
            <Button size="xs" variant="default" onClick={() => clean.mutate()} loading={clean.isPending} data-testid="delete-inactive">
              删除失效链接
            </Button>
          </Group>
        </Group>
        <SegmentedControl
          data={FILTERS}
          value={filter}
          onChange={(value) => {
            setFilter(value as 'ALL' | LinkState);
            setPage(1);
          }}
          fullWidth
          data-testid="link-filter"
        />
        {list.isPending ? (
          <Loader aria-label="加载中" />
        ) : list.isError ? (
          <Alert color="red">{errorMessage(list.error)}</Alert>
        ) : list.data.items.length === 0 ? (
          <Text c="dimmed" ta="center" data-testid="no-links">
            暂无链接
          </Text>
        ) : (
          list.data.items.map((link) => <LinkRow key={link.id} link={link} onShare={setSharing} />)
        )}
        {pages > 1 && <Pagination total={pages} value={Math.min(page, pages)} onChange={setPage} aria-label="分页" />}
      </Stack>
      {sharing && (
        <Dialog opened onClose={() => setSharing(null)} title="推广链接" testId="share-dialog">
          <LinkShare linkId={sharing.id} />
        </Dialog>
      )}
    </OverlayFrame>
  );
}
