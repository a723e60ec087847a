// The super jackpot winner popup: outside production only (spec §6). The server says which one it is
// (GET /ajax/jackpot showDevelopmentWidgets), since every build is a production build to Vite.
import { Modal, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { formatMoney } from '../../../shared/money.ts';
import { useSimpleStore } from '../../lib/store/simple-store.ts';
import { jackpotSummaryQueryOptions } from './jackpot-queries.ts';
import { superJackpotWinner } from './jackpot-stores.ts';

export default function SuperWinnerPopup() {
  const won = useSimpleStore(superJackpotWinner);
  const development = useQuery(jackpotSummaryQueryOptions()).data?.showDevelopmentWidgets === true;
  if (!development) return null;
  return (
    <Modal opened={won !== null} onClose={() => superJackpotWinner.set(null)} title="超级大奖" centered>
      {won && (
        <Stack align="center" gap="xs" py="md" data-testid="super-winner-popup">
          <Text size="lg">恭喜 {won.winner} 抽中超级大奖</Text>
          <Text size="xl" fw={700} c="red">{formatMoney(won.prize)}</Text>
          <Text size="xs" c="dimmed">第 {won.drawId} 期 · 测试环境提示</Text>
        </Stack>
      )}
    </Modal>
  );
}
