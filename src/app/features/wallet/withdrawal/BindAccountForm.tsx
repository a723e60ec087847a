import { Button, NativeSelect, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { BindPayoutAccountSchema, PAYOUT_KIND_NAMES, type PayoutAccount, type PayoutKind } from '../../../../shared/api/withdrawals.ts';
import { BANKS, USDT_PROTOCOLS } from '../../../../shared/enums.ts';
import { toastSuccess } from '../../../lib/notify.ts';
import { reportActionError } from '../../accounts/common/action-error.ts';
import { serverFieldErrors, toastFirstFormError } from '../../accounts/common/form-errors.ts';
import { PasswordField } from '../../accounts/common/PasswordField.tsx';
import { bindBody, EMPTY_BIND_VALUES, REAL_NAME_LABELS, USDT_PROTOCOL_LABELS, validateBind, type BindValues } from './bind-account-form.ts';
import { bindPayoutAccount, refreshWallet } from './withdrawal-queries.ts';

const BANK_OPTIONS = [{ value: '', label: '请选择开户银行' }, ...BANKS.map((bank) => ({ value: bank.code, label: bank.name }))];
const PROTOCOL_OPTIONS = USDT_PROTOCOLS.map((protocol) => ({ value: protocol, label: USDT_PROTOCOL_LABELS[protocol] }));

export interface BindAccountFormProps {
  kind: PayoutKind;
  /** The account's fixed real name (masked), or null while none is set. */
  realName: string | null;
  disabled: boolean;
  onBound: (account: PayoutAccount) => void;
}

/** 绑定: a new payout account of one kind (spec §5 rules; the money password confirms it). */
export function BindAccountForm({ kind, realName, disabled, onBound }: BindAccountFormProps) {
  const queryClient = useQueryClient();
  const realNameLabel = REAL_NAME_LABELS[kind];
  const needsRealName = realNameLabel !== undefined && realName === null;
  const form = useForm<BindValues>({
    initialValues: EMPTY_BIND_VALUES,
    validate: (values) => validateBind(kind, values, needsRealName),
  });
  const bind = useMutation({
    mutationFn: (values: BindValues) => bindPayoutAccount(BindPayoutAccountSchema.parse(bindBody(kind, values, needsRealName))),
    onSuccess: (account) => {
      form.reset();
      toastSuccess(`${PAYOUT_KIND_NAMES[kind]}账户已绑定`);
      onBound(account);
      void refreshWallet(queryClient);
    },
    onError: (error) => {
      form.setErrors(serverFieldErrors(error));
      reportActionError(error);
    },
  });
  const input = (field: keyof BindValues) => form.getInputProps(field);
  return (
    <form onSubmit={form.onSubmit((values) => bind.mutate(values), toastFirstFormError)} noValidate aria-label={`绑定${PAYOUT_KIND_NAMES[kind]}账户`} data-testid="bind-account-form">
      <fieldset disabled={disabled} style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
        <Stack gap="sm">
          {kind === 'BANK' && (
            <>
              <NativeSelect label="开户银行" data={BANK_OPTIONS} {...input('bankCode')} />
              <TextInput label="银行卡号" inputMode="numeric" autoComplete="off" maxLength={19} {...input('accountNumber')} />
              <TextInput label="开户支行" description="1~20 个中文字，如：北京朝阳支行" {...input('branch')} />
            </>
          )}
          {kind === 'USDT' && (
            <>
              <NativeSelect label="协议" data={PROTOCOL_OPTIONS} {...input('protocol')} />
              <TextInput label="钱包地址" autoComplete="off" description={form.values.protocol === 'USDT_ERC20' ? '0x 开头，共 42 位' : 'T 开头，共 34 位'} {...input('address')} />
            </>
          )}
          {kind === 'ALIPAY' && <TextInput label="支付宝账号" autoComplete="off" {...input('account')} />}
          {kind === 'WECHAT' && <TextInput label="微信号" autoComplete="off" {...input('account')} />}
          {kind === 'TO_PAY' && <TextInput label="钱包地址" autoComplete="off" description="16 或 18 位字母或数字" {...input('address')} />}
          {kind === 'DIGITAL_RMB' && (
            <>
              <TextInput label="钱包名称" {...input('walletName')} />
              <TextInput label="钱包编号" inputMode="numeric" autoComplete="off" description="16 位数字" {...input('walletAddress')} />
            </>
          )}
          {realNameLabel !== undefined &&
            (needsRealName ? (
              <TextInput label={realNameLabel} description="须与收款账户的实名一致，设置后不能修改" {...input('realName')} />
            ) : (
              <Text size="sm" data-testid="real-name-fixed">
                {realNameLabel}：{realName}（已设置，不能修改）
              </Text>
            ))}
          <PasswordField label="资金密码" autoComplete="off" {...input('moneyPassword')} />
          <Button type="submit" loading={bind.isPending} style={{ alignSelf: 'flex-start' }}>
            绑定
          </Button>
        </Stack>
      </fieldset>
    </form>
  );
}
