// 游戏开关: every own game with a switch per play mode. A change reaches players' open apps at once
// (the server publishes it on the live stream); the reason is kept in the audit log.
import { Alert, Anchor, Badge, Group, Loader, Pagination, Stack, Switch, Table, Text, TextInput, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { AdminGameSchema, GAMES_ADMIN_PATHS, type AdminGame } from '../../../shared/backoffice/games.ts';
import type { PlayMode } from '../../../shared/enums.ts';
import { errorMessage } from '../../../app/lib/api/errors.ts';
import { boSend } from '../../lib/api.ts';
import { useOperator } from '../../lib/operator.ts';
import { gamesQuery, refreshGames } from './queries.ts';

const MODE_LABELS: Record<PlayMode, string> = { REGULAR: '标准', BOARD: '盘面' };
const SOURCE_LABELS = { feed: '官方', platform: '平台', instant: '秒开' } as const;
const PAGE_SIZE = 20;

function ModeSwitch({ game, mode, canManage, reason }: { game: AdminGame; mode: PlayMode; canManage: boolean; reason: string }) {
  const queryClient = useQueryClient();
  const change = useMutation({
    mutationFn: (enabled: boolean) =>
      boSend('PUT', GAMES_ADMIN_PATHS.mode(game.drawType, mode), { enabled, ...(reason.trim() ? { reason: reason.trim() } : {}) }, AdminGameSchema),
    onSettled: () => refreshGames(queryClient),
  });
  if (!game.offeredModes.includes(mode)) return <Text size="sm" c="dimmed">—</Text>;
  const open = game.enabledModes.includes(mode);
  return (
    <Stack gap={2}>
      <Switch
        checked={change.isPending ? change.variables : open}
        disabled={!canManage || change.isPending}
        onChange={(event) => change.mutate(event.currentTarget.checked)}
        label={open ? '开放' : '关闭'}
        aria-label={`${game.name}${MODE_LABELS[mode]}玩法`}
        data-testid={`mode-${game.drawType}-${mode}`}
      />
      {change.isError && <Text size="xs" c="red" role="alert">{errorMessage(change.error)}</Text>}
    </Stack>
  );
}

export default function GamesPage() {
  const { data, error, isPending } = useQuery(gamesQuery());
  const { can } = useOperator();
  const [filter, setFilter] = useState('');
  const [reason, setReason] = useState('');
  const [page, setPage] = useState(1);
  if (isPending) return <Loader aria-label="加载中" />;
  if (error) return <Alert color="red" title="加载失败">{errorMessage(error)}</Alert>;
  const needle = filter.trim().toUpperCase();
  const rows = data.games.filter((g) => needle === '' || g.drawType.includes(needle) || g.name.toUpperCase().includes(needle));
  const pages = Math.max(1, Math.ceil(rows.length / PAGE_SIZE));
  const shown = rows.slice((Math.min(page, pages) - 1) * PAGE_SIZE, Math.min(page, pages) * PAGE_SIZE);
  const canManage = can('games.manage');
  return (
    <Stack>
      <Title order={2}>游戏开关</Title>
      <Text size="sm" c="dimmed">
        关闭后玩家大厅立即显示“暂时关闭”，新的投注与追号被拒绝；已下注单照常开奖结算，进行中的追号在关闭期间的期号跳过。
      </Text>
      <Group align="end">
        <TextInput label="筛选彩种" placeholder="名称或代码" value={filter} onChange={(e) => { setFilter(e.currentTarget.value); setPage(1); }} maw={240} />
        {canManage && (
          <TextInput label="操作原因（记入审计日志）" placeholder="例如：官方停售" value={reason} onChange={(e) => setReason(e.currentTarget.value)} maxLength={200} w={320} />
        )}
      </Group>
      <Table.ScrollContainer minWidth={760}>
        <Table striped highlightOnHover>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>彩种</Table.Th>
              <Table.Th>类别</Table.Th>
              <Table.Th>标准玩法</Table.Th>
              <Table.Th>盘面玩法</Table.Th>
              <Table.Th>设置</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {shown.map((game) => (
              <Table.Tr key={game.drawType} data-testid="game-row" data-draw-type={game.drawType}>
                <Table.Td>
                  <Text size="sm">{game.name}</Text>
                  <Text size="xs" c="dimmed">{game.drawType}</Text>
                </Table.Td>
                <Table.Td>
                  <Group gap={4}>
                    <Text size="sm">{game.categoryName}</Text>
                    <Badge variant="light" size="sm">{SOURCE_LABELS[game.source]}</Badge>
                    {game.hidden && <Badge color="gray" size="sm" title="未接入开奖源，本服务器不提供">未接入</Badge>}
                  </Group>
                </Table.Td>
                <Table.Td><ModeSwitch game={game} mode="REGULAR" canManage={canManage} reason={reason} /></Table.Td>
                <Table.Td><ModeSwitch game={game} mode="BOARD" canManage={canManage} reason={reason} /></Table.Td>
                <Table.Td>
                  <Group gap="sm">
                    <Anchor component={Link} to={`/games/${game.drawType}/limits`} size="sm">限额</Anchor>
                    {game.offeredModes.includes('BOARD') && (
                      <Anchor component={Link} to={`/games/${game.drawType}/odds`} size="sm">赔率与退水</Anchor>
                    )}
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {pages > 1 && <Pagination total={pages} value={Math.min(page, pages)} onChange={setPage} aria-label="分页" />}
    </Stack>
  );
}
