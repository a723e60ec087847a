// Binding payout accounts (issue 17 item 3) and listing them masked. The real name is set once — by
// the first binding that carries one — and every later binding must carry the same name (or none).
import type pg from 'pg';
import {
  BANK_CODE_MESSAGE,
  isKnownBankCode,
  PAYOUT_KIND_NAMES,
  usdtAddressProblem,
  type BindPayoutAccount,
  type PayoutAccount,
  type PayoutAccountList,
} from '../../../shared/api/withdrawals.ts';
import { requiredMessage } from '../../../shared/validation/required.ts';
import { fieldError } from '../../accounts/validation.ts';
import { withTransaction } from '../../db/pool.ts';
import { errors } from '../../http/errors.ts';
import { lockCustomerWallet } from './customer-lock.ts';
import { bankName, maskRealName, payoutAccountLabel, type PayoutAccountRow } from './labels.ts';
import { hasMoneyPassword } from './money-password.ts';
import { loadWithdrawalSettings } from './settings.ts';

const REAL_NAME_LABELS = { BANK: '开户人姓名', ALIPAY: '支付宝实名', WECHAT: '微信实名' } as const;

interface Destination {
  account: string;
  last4: string | null;
  bankCode: string | null;
  branch: string | null;
  protocol: PayoutAccountRow['protocol'];
  walletName: string | null;
  /** The name the account is held in, for kinds that have one. */
  realName: { label: string; given: string | undefined } | null;
}

/** What the shared schema cannot know: the bank list and the protocol's address rule. */
function destinationOf(body: BindPayoutAccount): Destination {
  const none = { last4: null, bankCode: null, branch: null, protocol: null, walletName: null, realName: null };
  switch (body.kind) {
    case 'BANK':
      if (!isKnownBankCode(body.bankCode)) throw fieldError('bankCode', BANK_CODE_MESSAGE);
      return {
        ...none,
        account: body.accountNumber,
        last4: body.accountNumber.slice(-4),
        bankCode: body.bankCode,
        branch: body.branch,
        realName: { label: REAL_NAME_LABELS.BANK, given: body.realName },
      };
    case 'USDT': {
      const problem = usdtAddressProblem(body.protocol, body.address);
      if (problem) throw fieldError('address', problem);
      return { ...none, account: body.address, protocol: body.protocol };
    }
    case 'ALIPAY':
      return { ...none, account: body.account, realName: { label: REAL_NAME_LABELS.ALIPAY, given: body.realName } };
    case 'WECHAT':
      return { ...none, account: body.account, realName: { label: REAL_NAME_LABELS.WECHAT, given: body.realName } };
    case 'TO_PAY':
      return { ...none, account: body.address };
    case 'DIGITAL_RMB':
      return { ...none, account: body.walletAddress, last4: body.walletAddress.slice(-4), walletName: body.walletName };
  }
}

/** Lower case without spaces: the same card or address typed twice is the same account. */
export function accountKey(account: string): string {
  return account.replace(/\s+/g, '').toLowerCase();
}

async function storedRealName(client: pg.PoolClient, customerId: number): Promise<string | null> {
  const found = await client.query<{ real_name: string }>('SELECT real_name FROM customer_real_names WHERE customer_id = $1', [customerId]);
  return found.rows[0]?.real_name ?? null;
}

/** The holder name of the new account: the fixed real name, set here by the first binding that has one. */
async function settleRealName(client: pg.PoolClient, customerId: number, wanted: NonNullable<Destination['realName']>): Promise<string> {
  const fixed = await storedRealName(client, customerId);
  if (fixed !== null) {
    if (wanted.given !== undefined && wanted.given !== fixed) throw fieldError('realName', `${wanted.label}须与账户已登记的实名一致`);
    return fixed;
  }
  if (wanted.given === undefined) throw fieldError('realName', requiredMessage(wanted.label));
  await client.query('INSERT INTO customer_real_names (customer_id, real_name) VALUES ($1, $2)', [customerId, wanted.given]);
  return wanted.given;
}

/** Binds an account (the money password already confirmed). Checks and insert run under the customer's lock. */
export async function bindPayoutAccount(pool: pg.Pool, customerId: number, body: BindPayoutAccount): Promise<PayoutAccount> {
  const destination = destinationOf(body);
  return withTransaction(pool, async (client) => {
    await lockCustomerWallet(client, customerId);
    const settings = await loadWithdrawalSettings(client);
    if (!settings.enabledKinds.includes(body.kind)) throw errors.conflict(`暂不支持${PAYOUT_KIND_NAMES[body.kind]}提现`);
    const bound = await client.query<{ n: number }>('SELECT count(*)::int AS n FROM payout_accounts WHERE customer_id = $1 AND kind = $2', [
      customerId,
      body.kind,
    ]);
    if (bound.rows[0]!.n >= settings.maxAccountsPerKind) {
      throw errors.conflict(`最多只能绑定 ${settings.maxAccountsPerKind} 个${PAYOUT_KIND_NAMES[body.kind]}账户`);
    }
    const holder = destination.realName ? await settleRealName(client, customerId, destination.realName) : null;
    const inserted = await client.query<PayoutAccountRow>(
      `INSERT INTO payout_accounts (customer_id, kind, account, account_key, last4, bank_code, branch, holder_name, protocol, wallet_name)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
       ON CONFLICT (customer_id, kind, account_key) DO NOTHING RETURNING *`,
      [
        customerId,
        body.kind,
        destination.account,
        accountKey(destination.account),
        destination.last4,
        destination.bankCode,
        destination.branch,
        holder,
        destination.protocol,
        destination.walletName,
      ],
    );
    if (!inserted.rows[0]) throw errors.conflict('该账户已绑定，请勿重复添加');
    return toPayoutAccount(inserted.rows[0]);
  });
}

export function toPayoutAccount(row: PayoutAccountRow): PayoutAccount {
  return {
    id: row.id,
    kind: row.kind,
    label: payoutAccountLabel(row),
    bankCode: row.bank_code,
    bankName: bankName(row.bank_code),
    last4: row.last4,
    branch: row.branch,
    holderName: row.holder_name === null ? null : maskRealName(row.holder_name),
    protocol: row.protocol,
    createdAt: row.created_at.toISOString(),
  };
}

export async function listPayoutAccounts(pool: pg.Pool, customerId: number): Promise<PayoutAccountList> {
  const [accounts, realName, settings, moneyPassword] = await Promise.all([
    pool.query<PayoutAccountRow>('SELECT * FROM payout_accounts WHERE customer_id = $1 ORDER BY id', [customerId]),
    pool.query<{ real_name: string }>('SELECT real_name FROM customer_real_names WHERE customer_id = $1', [customerId]),
    loadWithdrawalSettings(pool),
    hasMoneyPassword(pool, customerId),
  ]);
  const name = realName.rows[0]?.real_name ?? null;
  return {
    accounts: accounts.rows.map(toPayoutAccount),
    realName: name === null ? null : maskRealName(name),
    maxPerKind: settings.maxAccountsPerKind,
    hasMoneyPassword: moneyPassword,
  };
}

export async function payoutAccountOf(db: pg.PoolClient | pg.Pool, customerId: number, id: number): Promise<PayoutAccountRow | null> {
  const found = await db.query<PayoutAccountRow>('SELECT * FROM payout_accounts WHERE id = $1 AND customer_id = $2', [id, customerId]);
  return found.rows[0] ?? null;
}
