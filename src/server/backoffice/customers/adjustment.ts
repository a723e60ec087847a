// A manual balance adjustment needs a second operator (four-eyes): one FINANCE operator asks with an
// amount and a reason, another approves, and the approval posts one ledger transfer between the
// player's wallet and the house's adjustment account. The transfer's idempotency key is the approval's
// id, so it is written once however often the approval runs; a debit never takes the wallet below
// zero (the ledger refuses it with 余额不足, and the approval then fails and changes nothing).
//
// Wallet type codes (spec §3.5, docs/backoffice/customers.md): MI (manual in, 人工加款) for a credit,
// MD (manual deduction, 人工扣款) for a debit.
import { z } from 'zod';
import { ADJUSTMENT_APPROVAL, ADJUSTMENT_DIRECTION_LABELS, ADJUSTMENT_DIRECTIONS, MAX_ADJUSTMENT } from '../../../shared/backoffice/customers.ts';
import type { WalletTransactionType } from '../../../shared/enums.ts';
import { formatAmountPlain } from '../../../shared/validation/amount-text.ts';
import { errors } from '../../http/errors.ts';
import { insufficientFunds, playerAccountId, playerBalance, postTransfer, systemAccountId } from '../../wallet/ledger.ts';
import type { ApprovalKind } from '../core/api.ts';

export const ADJUSTMENT_ACCOUNT = 'house:manual-adjustments';
export const ADJUSTMENT_TYPES: Record<(typeof ADJUSTMENT_DIRECTIONS)[number], WalletTransactionType> = { CREDIT: 'MI', DEBIT: 'MD' };

export const AdjustmentPayloadSchema = z.object({
  customerId: z.number().int().positive(),
  username: z.string().min(1).max(64),
  direction: z.enum(ADJUSTMENT_DIRECTIONS),
  amount: z.number().int().min(1).max(MAX_ADJUSTMENT),
});
export type AdjustmentPayload = z.infer<typeof AdjustmentPayloadSchema>;

export const adjustmentKey = (approvalId: number) => `backoffice:adjustment:${approvalId}`;

export const adjustmentApproval: ApprovalKind<AdjustmentPayload> = {
  kind: ADJUSTMENT_APPROVAL,
  label: '人工调整余额',
  requestPermission: 'customers.adjust.request',
  approvePermission: 'customers.adjust.approve',
  payload: AdjustmentPayloadSchema,
  describe: (payload) => `${ADJUSTMENT_DIRECTION_LABELS[payload.direction]} ¥${formatAmountPlain(payload.amount)}，客户 ${payload.username}`,
  async validate(client, payload) {
    const found = await client.query<{ trial: boolean }>('SELECT test_mode IS NOT NULL AS trial FROM customers WHERE id = $1', [payload.customerId]);
    if (!found.rows[0]) throw errors.notFound('客户不存在');
    if (found.rows[0].trial) throw errors.conflict('试玩账号不能人工调整余额');
    // Said early; the ledger checks it again, under its lock, when the approval runs.
    if (payload.direction === 'DEBIT' && (await playerBalance(client, payload.customerId)) < payload.amount) throw insufficientFunds();
  },
  async execute(client, payload, context) {
    const wallet = await playerAccountId(client, payload.customerId);
    const house = await systemAccountId(client, ADJUSTMENT_ACCOUNT, 'HOUSE');
    const signed = payload.direction === 'CREDIT' ? payload.amount : -payload.amount;
    const posted = await postTransfer(client, {
      idempotencyKey: adjustmentKey(context.approvalId),
      type: ADJUSTMENT_TYPES[payload.direction],
      reference: `approval:${context.approvalId}`,
      memo: ADJUSTMENT_DIRECTION_LABELS[payload.direction],
      legs: [
        { accountId: wallet, amount: signed },
        { accountId: house, amount: -signed },
      ],
    });
    const balance = posted.replayed ? await playerBalance(client, payload.customerId) : posted.balances.get(wallet)!;
    const events = context.ctx.events;
    return {
      after: { customerId: payload.customerId, transferId: posted.transferId, amount: signed, balance },
      afterCommit: async () => {
        await events.publish([{ customerId: payload.customerId, type: 'balance', payload: { balance } }]);
      },
    };
  },
};
