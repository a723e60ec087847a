import { Alert, Button, Group, ScrollArea, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { formatMoney, type Money } from '../../../../shared/money.ts';
import { Dialog } from '../../../components/Dialog.tsx';

export interface ConfirmLine {
  key: string;
  title: string;
  detail: string;
  amount: Money;
}

export interface ConfirmOrderDialogProps {
  drawName: string;
  /** 第 N 期, or null for an instant draw. */
  issueNumber: string | null;
  lines: readonly ConfirmLine[];
  betCount: number;
  total: Money;
  /** Why the order cannot be sent now (offline, sales closed), shown instead of sending. */
  blockedReason: string | null;
  /** Sends the order (under the key kept for it, order-key.ts); resolves true when it was placed. */
  onConfirm: () => Promise<boolean>;
  onClose: () => void;
}

/**
 * Confirms an order before money moves. The idempotency key is not the dialog's: it is kept with the
 * slip for the exact order (order-key.ts), so a network failure followed by 确认投注 again, or by closing
 * the dialog and betting the same slip again, can never place the order twice.
 */
export function ConfirmOrderDialog(props: ConfirmOrderDialogProps) {
  const [sending, setSending] = useState(false);
  const confirm = async () => {
    setSending(true);
    const placed = await props.onConfirm();
    setSending(false);
    if (placed) props.onClose();
  };
  return (
    <Dialog opened onClose={props.onClose} title="确认投注" testId="confirm-order" size="md">
      <Stack gap="sm">
        <Text>
          {props.drawName}
          {props.issueNumber ? ` · 第 ${props.issueNumber} 期` : ' · 秒开'}
        </Text>
        <ScrollArea.Autosize mah={280} type="auto">
          <Stack gap={6} component="ul" className="jl-confirm-lines">
            {props.lines.map((line) => (
              <li key={line.key}>
                <Group justify="space-between" wrap="nowrap" gap="xs">
                  <div className="jl-min0">
                    <Text size="sm" fw={600}>
                      {line.title}
                    </Text>
                    <Text size="xs" c="dimmed" className="jl-ellipsis">
                      {line.detail}
                    </Text>
                  </div>
                  <Text size="sm" className="jl-nowrap">
                    {formatMoney(line.amount)}
                  </Text>
                </Group>
              </li>
            ))}
          </Stack>
        </ScrollArea.Autosize>
        <Text fw={700} data-testid="confirm-total">
          共 {props.betCount} 注，合计 {formatMoney(props.total)}
        </Text>
        {props.blockedReason && (
          <Alert color="orange" data-testid="bet-blocked-reason">
            {props.blockedReason}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={props.onClose}>
            取消
          </Button>
          <Button loading={sending} disabled={props.blockedReason !== null} onClick={() => void confirm()}>
            确认投注
          </Button>
        </Group>
      </Stack>
    </Dialog>
  );
}
