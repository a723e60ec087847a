// 确认到账: the amount that actually reached the receiving account (prefilled with the amount applied
// for) and an optional note; the server credits it once.
import { Alert, Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import type { FinanceDeposit } from '../../../shared/backoffice/finance-deposits.ts';
import { formatMoney } from '../../../shared/money.ts';
import { formatAmountPlain } from '../../../shared/validation/amount-text.ts';
import { formFailure } from '../../lib/forms.ts';

export function ConfirmDepositModal({ deposit, onClose, onConfirm }: { deposit: FinanceDeposit; onClose: () => void; onConfirm: (received: string, note: string) => Promise<unknown> }) {
  const [received, setReceived] = useState(formatAmountPlain(deposit.amount));
  const [note, setNote] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const confirm = async () => {
    setPending(true);
    setFailure(null);
    setFieldError(null);
    try {
      await onConfirm(received.trim(), note.trim());
      onClose();
    } catch (error) {
      const { fields, message } = formFailure(error, ['receivedAmount', 'note']);
      setFieldError(typeof fields.receivedAmount === 'string' ? fields.receivedAmount : null);
      setFailure(message);
    } finally {
      setPending(false);
    }
  };
  const account = deposit.receivingAccount;
  return (
    <Modal opened onClose={onClose} title="确认到账" closeButtonProps={{ 'aria-label': '关闭' }}>
      <Stack gap="sm">
        <Text size="sm">
          {deposit.username} · {deposit.reference} · 付款人 {deposit.payerName ?? '—'} · 申请 {formatMoney(deposit.amount)}
        </Text>
        {account && (
          <Text size="xs" c="dimmed">
            收款：{[account.bank, account.name, account.account].filter(Boolean).join(' ')}
          </Text>
        )}
        {failure && (
          <Alert color="red" role="alert">
            {failure}
          </Alert>
        )}
        <TextInput label="实收金额（元）" value={received} error={fieldError} onChange={(e) => setReceived(e.currentTarget.value)} data-autofocus />
        <TextInput label="备注（可选）" value={note} onChange={(e) => setNote(e.currentTarget.value)} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            取消
          </Button>
          <Button color="teal" loading={pending} onClick={() => void confirm()}>
            确认入账
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
