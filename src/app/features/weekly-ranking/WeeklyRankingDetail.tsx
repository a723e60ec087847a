import { Alert, Group, Modal, Stack, Tabs, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useOnline } from '../../lib/online.ts';
import { QueryState } from '../agent/team/QueryState.tsx';
import { LastKnownAge } from '../games/common/LastKnownAge.tsx';
import { useCurrentCustomer } from '../session/use-current-customer.ts';
import { weeklyRankingQueryOptions } from './ranking-query.ts';
import { rankingAmount, RankingTable } from './RankingTable.tsx';

const endText = (iso: string) => new Date(Date.parse(iso) - 1000).toLocaleString('zh-CN', { timeZone: 'Asia/Shanghai', month: 'numeric', day: 'numeric', hour: '2-digit', minute: '2-digit' });

/** The weekly ranking's detail: this week's top places (masked names), my place, prizes, last week's winners. */
export function WeeklyRankingDetail({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const customer = useCurrentCustomer();
  const online = useOnline();
  const query = useQuery(weeklyRankingQueryOptions(customer !== null));
  const ranking = query.data;
  return (
    <Modal opened={opened} onClose={onClose} title="周排行榜" centered size="lg" data-testid="weekly-ranking-detail">
      {!ranking ? (
        <QueryState query={query} offlineText="排行榜需要联网后才能加载" />
      ) : (
        <Stack gap="sm">
          {!online && <LastKnownAge fetchedAt={query.dataUpdatedAt} testId="weekly-ranking-last-known" />}
          <Text size="sm" c="dimmed">
            按本周（{ranking.week} 起，北京时间）彩票游戏净盈利排名，截止 {endText(ranking.endsAt)}；周结束后按名次发放奖金。
          </Text>
          {ranking.me && (
            <Alert color="blue" data-testid="weekly-ranking-me">
              {ranking.me.rank !== null ? `您本周排名第 ${ranking.me.rank} 名，盈利 ${rankingAmount(ranking.me.netWin)}` : '您本周暂未上榜'}
            </Alert>
          )}
          {ranking.prizes.length > 0 && (
            <Group gap="xs" data-testid="weekly-ranking-prizes">
              {ranking.prizes.map((prize) => (
                <Text key={prize.place} size="sm">
                  第{prize.place}名 {rankingAmount(prize.amount)}
                </Text>
              ))}
            </Group>
          )}
          <Tabs defaultValue="current">
            <Tabs.List>
              <Tabs.Tab value="current" mih={44}>本周榜单</Tabs.Tab>
              <Tabs.Tab value="last" mih={44} data-testid="weekly-ranking-last-tab">上周获奖</Tabs.Tab>
            </Tabs.List>
            <Tabs.Panel value="current" pt="xs">
              <RankingTable entries={ranking.top} testId="weekly-ranking-top" empty="本周暂无上榜玩家" />
            </Tabs.Panel>
            <Tabs.Panel value="last" pt="xs">
              <RankingTable entries={ranking.lastWeek?.winners ?? []} testId="weekly-ranking-last" empty="暂无上周获奖记录" />
            </Tabs.Panel>
          </Tabs>
        </Stack>
      )}
    </Modal>
  );
}
