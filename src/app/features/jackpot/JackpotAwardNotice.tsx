import { Modal, Stack, Text } from '@mantine/core';
import { formatMoney } from '../../../shared/money.ts';
import { useSimpleStore } from '../../lib/store/simple-store.ts';
import { jackpotAward } from './jackpot-stores.ts';

/** The winner's notice of a jackpotDistribution: open while an award waits to be seen. */
export default function JackpotAwardNotice() {
  const award = useSimpleStore(jackpotAward);
  return (
    <Modal opened={award !== null} onClose={() => jackpotAward.set(null)} title="奖池派奖" centered>
      {award && (
        <Stack align="center" gap="xs" py="md" data-testid="jackpot-award">
          <Text size="lg">恭喜您抽中奖池{award.type === 'super' ? '超级大奖' : '幸运奖'}</Text>
          <Text size="xl" fw={700} c="red" data-testid="jackpot-award-prize">
            {formatMoney(award.prize)}
          </Text>
          <Text size="sm" c="dimmed">
            已存入您的账户余额
          </Text>
        </Stack>
      )}
    </Modal>
  );
}
