import { Anchor, Breadcrumbs, Button, Group, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { UsernameSearchSchema, type MemberScope } from '../../../../shared/api/agent-team.ts';
import { OverlayFrame } from '../../../components/shell/OverlayFrame.tsx';
import { toastError } from '../../../lib/notify.ts';
import { MemberCard } from './MemberCard.tsx';
import { QueryState } from './QueryState.tsx';
import { TeamPager } from './TeamPager.tsx';
import { memberListQueryOptions, type MemberFilters } from './team-queries.ts';

// The detail (prize-group and transfer forms) loads when a member is first opened.
const MemberDetailDialog = lazy(() => import('./MemberDetailDialog.tsx'));

/** `/agent/team-management`: the team's members, direct or all levels, searchable, with drill-down. */
export function TeamManagementPage() {
  const [filters, setFilters] = useState<MemberFilters>({ scope: 'direct', page: 1 });
  const [search, setSearch] = useState('');
  const [openMember, setOpenMember] = useState<number | null>(null);
  const change = (patch: Partial<MemberFilters>) => setFilters((current) => ({ ...current, page: 1, ...patch }));
  const applySearch = () => {
    const parsed = UsernameSearchSchema.safeParse(search);
    if (!parsed.success) return toastError(parsed.error.issues[0]?.message ?? '用户名格式有误');
    change({ username: parsed.data });
  };
  return (
    <OverlayFrame title="团队管理">
      <Stack gap="sm" data-testid="agent-team-management">
        <SegmentedControl
          fullWidth
          value={filters.scope}
          onChange={(scope) => change({ scope: scope as MemberScope })}
          data={[
            { value: 'direct', label: '直属下级' },
            { value: 'all', label: '全部下级' },
          ]}
          data-testid="member-scope"
        />
        <form
          onSubmit={(event) => {
            event.preventDefault();
            applySearch();
          }}
          role="search"
          aria-label="搜索会员"
        >
          <Group gap="xs" wrap="nowrap" align="flex-end">
            <TextInput
              style={{ flex: 1 }}
              label="用户名"
              placeholder="输入用户名或开头几位"
              value={search}
              onChange={(event) => setSearch(event.currentTarget.value)}
              autoComplete="off"
              data-testid="member-search"
            />
            <Button type="submit">搜索</Button>
          </Group>
        </form>
        <MemberList filters={filters} onChange={change} onOpen={setOpenMember} />
      </Stack>
      {openMember !== null && (
        <Suspense fallback={null}>
          <MemberDetailDialog memberId={openMember} onClose={() => setOpenMember(null)} />
        </Suspense>
      )}
    </OverlayFrame>
  );
}

function MemberList({ filters, onChange, onOpen }: { filters: MemberFilters; onChange: (patch: Partial<MemberFilters>) => void; onOpen: (id: number) => void }) {
  const query = useQuery(memberListQueryOptions(filters));
  const data = query.data;
  if (!data) return <QueryState query={query} offlineText="联网后即可查看团队成员" />;
  const drill = (parentId: number | undefined) => onChange({ parentId, username: undefined });
  return (
    <>
      {filters.parentId !== undefined && (
        <Breadcrumbs separator="›" aria-label="下级层级" data-testid="member-trail">
          <Anchor component="button" type="button" size="sm" onClick={() => drill(undefined)}>
            我的团队
          </Anchor>
          {data.trail.map((step, index) =>
            index === data.trail.length - 1 ? (
              <Text key={step.id} size="sm" fw={600}>
                {step.username}
              </Text>
            ) : (
              <Anchor key={step.id} component="button" type="button" size="sm" onClick={() => drill(step.id)}>
                {step.username}
              </Anchor>
            ),
          )}
        </Breadcrumbs>
      )}
      {data.items.length === 0 ? (
        <Text c="dimmed" ta="center" py="xl" data-testid="members-empty">
          暂无团队成员
        </Text>
      ) : (
        <ul style={{ margin: 0, padding: 0, opacity: query.isPlaceholderData ? 0.6 : 1 }} aria-busy={query.isFetching} data-testid="member-list">
          {data.items.map((member) => (
            <MemberCard key={member.id} member={member} onOpen={onOpen} onDrill={(id) => drill(id)} />
          ))}
        </ul>
      )}
      <TeamPager total={data.total} page={data.page} pageSize={data.pageSize} onPage={(page) => onChange({ page })} testId="members" />
    </>
  );
}
