// The action buttons of a customer's page, each shown only to a role that may use it (the server
// refuses the others anyway): freeze or ask to unfreeze, force a password change, end sessions, VIP
// level, and ask for a balance adjustment. Unfreezing and adjustments wait for a second operator.
import { Button, Group, Radio, Select, TextInput } from '@mantine/core';
import { useState } from 'react';
import {
  ADJUSTMENT_DIRECTION_LABELS,
  ADJUSTMENT_STEP,
  AdjustmentBodySchema,
  ApprovalRequestedSchema,
  CUSTOMERS_ADMIN_PATHS,
  CustomerActionResultSchema,
  MAX_ADJUSTMENT,
  VIP_LEVEL_LABELS,
  type CustomerDetail,
} from '../../../shared/backoffice/customers.ts';
import { VIP_LEVELS, type VipLevel } from '../../../shared/enums.ts';
import { amountRule } from '../../../shared/validation/amount.ts';
import { boSend } from '../../lib/api.ts';
import { useOperator } from '../../lib/operator.ts';
import { ActionDialog } from './ActionDialog.tsx';

type Dialog = 'freeze' | 'unfreeze' | 'password' | 'sessions' | 'vip' | 'adjust' | null;

const adjustmentAmount = amountRule({ label: '调整金额', min: ADJUSTMENT_STEP, max: MAX_ADJUSTMENT }).required;
const ended = (result: unknown) => CustomerActionResultSchema.parse(result).endedSessions;
const requested = (result: unknown) => `已提交审批（审批单 #${ApprovalRequestedSchema.parse(result).approvalId}），须由另一位操作员在“待审批”中批准后生效。`;

export function CustomerActions({ customer }: { customer: CustomerDetail }) {
  const { can } = useOperator();
  const [dialog, setDialog] = useState<Dialog>(null);
  const [vipLevel, setVipLevel] = useState<VipLevel>(customer.vipLevel);
  const [direction, setDirection] = useState<'CREDIT' | 'DEBIT'>('CREDIT');
  const [amountText, setAmountText] = useState('');
  const close = () => setDialog(null);
  const id = customer.id;
  const manage = can('customers.manage');

  return (
    <>
      <Group gap="xs">
        {manage && !customer.frozen ? (
          <Button color="red" onClick={() => setDialog('freeze')}>
            冻结账号
          </Button>
        ) : null}
        {can('customers.unfreeze.request') && customer.frozen && customer.pendingUnfreeze === null ? (
          <Button color="teal" onClick={() => setDialog('unfreeze')}>
            申请解冻
          </Button>
        ) : null}
        {manage && !customer.trial && !customer.passwordChangeRequired ? (
          <Button variant="light" onClick={() => setDialog('password')}>
            强制修改密码
          </Button>
        ) : null}
        {manage ? (
          <Button variant="light" onClick={() => setDialog('sessions')}>
            踢下线
          </Button>
        ) : null}
        {manage ? (
          <Button
            variant="light"
            onClick={() => {
              setVipLevel(customer.vipLevel);
              setDialog('vip');
            }}
          >
            调整 VIP 等级
          </Button>
        ) : null}
        {can('customers.adjust.request') && !customer.trial ? (
          <Button
            variant="light"
            color="orange"
            onClick={() => {
              setDirection('CREDIT');
              setAmountText('');
              setDialog('adjust');
            }}
          >
            人工调整余额
          </Button>
        ) : null}
      </Group>

      <ActionDialog
        opened={dialog === 'freeze'}
        onClose={close}
        title="冻结账号"
        color="red"
        confirmLabel="确认冻结"
        description={`冻结 ${customer.username}：立即结束其所有登录，禁止登录和投注（追号期数将被跳过）。解冻须另一位操作员审批。`}
        submit={(reason) => boSend('POST', CUSTOMERS_ADMIN_PATHS.freeze(id), { reason }, CustomerActionResultSchema)}
        done={(result) => `已冻结，结束登录 ${ended(result)} 个。`}
      />
      <ActionDialog
        opened={dialog === 'unfreeze'}
        onClose={close}
        title="申请解冻"
        confirmLabel="提交解冻申请"
        description={`为 ${customer.username} 提交解冻申请，须由另一位有审批权限的操作员批准后生效。`}
        submit={(reason) => boSend('POST', CUSTOMERS_ADMIN_PATHS.unfreeze(id), { reason }, ApprovalRequestedSchema)}
        done={requested}
      />
      <ActionDialog
        opened={dialog === 'password'}
        onClose={close}
        title="强制修改密码"
        confirmLabel="确认"
        description={`${customer.username} 的所有登录将立即结束，下次登录时必须设置新密码（不能与原密码相同）。`}
        submit={(reason) => boSend('POST', CUSTOMERS_ADMIN_PATHS.forcePasswordChange(id), { reason }, CustomerActionResultSchema)}
        done={(result) => `已要求修改密码，结束登录 ${ended(result)} 个。`}
      />
      <ActionDialog
        opened={dialog === 'sessions'}
        onClose={close}
        title="踢下线"
        confirmLabel="结束所有登录"
        description={`结束 ${customer.username} 当前的所有登录（${customer.activeSessions} 个），客户可以重新登录。`}
        submit={(reason) => boSend('POST', CUSTOMERS_ADMIN_PATHS.endSessions(id), { reason }, CustomerActionResultSchema)}
        done={(result) => `已结束登录 ${ended(result)} 个。`}
      />
      <ActionDialog
        opened={dialog === 'vip'}
        onClose={close}
        title="调整 VIP 等级"
        confirmLabel="保存"
        description={`当前等级：${VIP_LEVEL_LABELS[customer.vipLevel]}`}
        fieldNames={['vipLevel']}
        check={(): Record<string, string> => (vipLevel === customer.vipLevel ? { vipLevel: '该客户已是此 VIP 等级' } : {})}
        submit={(reason) => boSend('PUT', CUSTOMERS_ADMIN_PATHS.vipLevel(id), { vipLevel, reason }, CustomerActionResultSchema)}
        done={() => 'VIP 等级已更新。'}
      >
        {(errors) => (
          <Select
            label="新等级"
            data={VIP_LEVELS.map((level) => ({ value: level, label: VIP_LEVEL_LABELS[level] }))}
            value={vipLevel}
            onChange={(value) => value && setVipLevel(value as VipLevel)}
            allowDeselect={false}
            error={errors.vipLevel}
          />
        )}
      </ActionDialog>
      <ActionDialog
        opened={dialog === 'adjust'}
        onClose={close}
        title="人工调整余额"
        color="orange"
        confirmLabel="提交审批"
        description={`为 ${customer.username} 加款或扣款（须另一位财务审批，扣款不会使余额低于零）。`}
        fieldNames={['amount', 'direction']}
        check={(): Record<string, string> => {
          const typed = adjustmentAmount.safeParse(amountText);
          const checked = typed.success ? AdjustmentBodySchema.shape.amount.safeParse(typed.data) : typed;
          return checked.success ? {} : { amount: checked.error.issues[0]?.message ?? '请输入有效的调整金额' };
        }}
        submit={(reason) =>
          boSend('POST', CUSTOMERS_ADMIN_PATHS.adjustment(id), { direction, amount: adjustmentAmount.parse(amountText), reason }, ApprovalRequestedSchema)
        }
        done={requested}
      >
        {(errors) => (
          <>
            <Radio.Group label="方向" value={direction} onChange={(value) => setDirection(value as 'CREDIT' | 'DEBIT')} error={errors.direction}>
              <Group mt={4}>
                <Radio value="CREDIT" label={ADJUSTMENT_DIRECTION_LABELS.CREDIT} />
                <Radio value="DEBIT" label={ADJUSTMENT_DIRECTION_LABELS.DEBIT} />
              </Group>
            </Radio.Group>
            <TextInput label="金额（元）" value={amountText} onChange={(e) => setAmountText(e.currentTarget.value)} error={errors.amount} inputMode="decimal" />
          </>
        )}
      </ActionDialog>
    </>
  );
}
