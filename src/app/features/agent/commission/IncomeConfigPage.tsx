import { Text } from '@mantine/core';
import { OverlayFrame } from '../../../components/shell/OverlayFrame.tsx';

/** Placeholder: issue 19 (commission) replaces this component. */
export function IncomeConfigPage() {
  return (
    <OverlayFrame title="收益设置">
      <Text data-testid="income-config">收益设置</Text>
    </OverlayFrame>
  );
}
