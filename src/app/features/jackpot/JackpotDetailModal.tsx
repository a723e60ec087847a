// The pool detail (spec §2.4): the total, the next rounds' commitments (published before their windows
// open), the last winners (masked) with links to each draw's verification page. Offline: the last-known
// summary with its age.
import { Badge, Group, Modal, Stack, Table, Text } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { JACKPOT_KIND_LABELS, type JackpotRound } from '../../../shared/api/jackpot.ts';
import { formatMoney } from '../../../shared/money.ts';
import { useOnline } from '../../lib/online.ts';
import { formatAge } from '../../lib/relative-time.ts';
import { jackpotSummaryQueryOptions, jackpotTotalQueryOptions } from './jackpot-queries.ts';
import { RollingTotal } from './RollingTotal.tsx';

const time = (iso: string) => new Date(iso).toLocaleTimeString('zh-CN', { hour: '2-digit', minute: '2-digit' });

export function JackpotDetailModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const queryClient = useQueryClient();
  const online = useOnline();
  const summary = useQuery({ ...jackpotSummaryQueryOptions(), enabled: opened });
  const total = useQuery(jackpotTotalQueryOptions(queryClient)).data ?? summary.data?.totalPrize;
  return (
    <Modal opened={opened} onClose={onClose} title="奖池" centered>
      <Stack gap="sm" data-testid="jackpot-detail">
        <Stack gap={0} align="center">
          <Text size="sm" c="dimmed">当前奖池</Text>
          <Text size="xl" fw={700} c="orange">
            <RollingTotal amount={total} testId="jackpot-detail-total" />
          </Text>
          {!online && summary.dataUpdatedAt > 0 && (
            <Text size="xs" c="dimmed" data-testid="jackpot-last-known">（离线，最后已知 · {formatAge(summary.dataUpdatedAt)}）</Text>
          )}
        </Stack>
        <Text size="sm">
          每笔已结算投注的一部分注入奖池。幸运奖定期在达到最低投注额的投注中抽出；奖池达到门槛时抽出超级大奖。每期的种子在开奖前以承诺公布，开奖后可验证。
        </Text>
        {summary.isPending && opened ? (
          <Text size="sm" c="dimmed">加载中…</Text>
        ) : summary.error && !summary.data ? (
          <Text size="sm" c="red">{online ? '奖池信息加载失败' : '离线，暂无奖池信息'}</Text>
        ) : summary.data ? (
          <>
            <Winners rounds={summary.data.recentWinners} onNavigate={onClose} />
            <Upcoming rounds={summary.data.upcoming} />
          </>
        ) : null}
      </Stack>
    </Modal>
  );
}

function Winners({ rounds, onNavigate }: { rounds: JackpotRound[]; onNavigate: () => void }) {
  if (rounds.length === 0) return <Text size="sm" c="dimmed">暂无中奖记录</Text>;
  return (
    <Stack gap={4}>
      <Text fw={600} size="sm">最近中奖</Text>
      <Table striped fz="sm" data-testid="jackpot-winners">
        <Table.Tbody>
          {rounds.map((r) => (
            <Table.Tr key={r.id}>
              <Table.Td><Badge color={r.kind === 'SUPER' ? 'red' : 'yellow'} variant="light">{JACKPOT_KIND_LABELS[r.kind]}</Badge></Table.Td>
              <Table.Td>{r.winner}</Table.Td>
              <Table.Td>{formatMoney(r.prize)}</Table.Td>
              <Table.Td>
                <Link to="/verify/jackpot/$id" params={{ id: String(r.id) }} onClick={onNavigate} style={{ display: 'inline-flex', alignItems: 'center', minHeight: 44 }} data-testid="jackpot-verify-link">
                  验证
                </Link>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}

function Upcoming({ rounds }: { rounds: JackpotRound[] }) {
  if (rounds.length === 0) return null;
  return (
    <Stack gap={4}>
      <Text fw={600} size="sm">下一期承诺</Text>
      {rounds.map((r) => (
        <Group key={r.id} gap="xs" wrap="nowrap" data-testid="jackpot-commitment">
          <Text size="xs" style={{ whiteSpace: 'nowrap' }}>
            {JACKPOT_KIND_LABELS[r.kind]} 第{r.id}期 {time(r.windowStart)}–{time(r.windowEnd)}
          </Text>
          <Text size="xs" ff="monospace" c="dimmed" style={{ overflow: 'hidden', textOverflow: 'ellipsis' }} title={r.commitment}>
            {r.commitment}
          </Text>
        </Group>
      ))}
    </Stack>
  );
}
