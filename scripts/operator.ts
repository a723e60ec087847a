// `npm run operator -- <command>`: operator accounts from the command line (the first administrator
// of a new installation, and a way back in for a locked-out one). Every change is audited as 'system'.
//   create --username <name> --role <role> [--display-name <name>] [--password <password>]
//   list
//   reset-password <username> [--password <password>]
//   reset-second-factor <username>
//   code <username>            the current TOTP code of a DEMO operator (the demo secret is public)
import { parseArgs } from 'node:util';
import pg from 'pg';
import { CreateOperatorBodySchema, operatorNewPassword } from '../src/shared/backoffice/auth.ts';
import { OPERATOR_ROLE_LABELS, OPERATOR_ROLES, type OperatorRole } from '../src/shared/backoffice/permissions.ts';
import { insertAuditRows, SYSTEM_ACTOR } from '../src/server/backoffice/core/audit.ts';
import { cliDatabase } from '../src/server/backoffice/core/cli-database.ts';
import { findOperatorByUsername, generatePassword, insertOperator } from '../src/server/backoffice/core/operators.ts';
import { deleteRecoveryCodes } from '../src/server/backoffice/core/recovery-codes.ts';
import { revokeOperatorSessions } from '../src/server/backoffice/core/sessions.ts';
import { totpCode, TOTP_STEP_SECONDS } from '../src/server/backoffice/core/totp.ts';
import { hashPassword } from '../src/server/session/passwords.ts';
import { orExit } from '../src/server/startup/errors.ts';

const say = (line: string) => process.stdout.write(`${line}\n`);
class UsageError extends Error {}

const USAGE = `用法: npm run operator -- <命令>
  create --username <用户名> --role <角色> [--display-name <显示名称>] [--password <密码>]
  list
  reset-password <用户名> [--password <密码>]
  reset-second-factor <用户名>
  code <用户名>        （仅演示操作员）显示当前的动态验证码
角色: ${OPERATOR_ROLES.map((role) => `${role}（${OPERATOR_ROLE_LABELS[role]}）`).join('、')}`;

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: {
    username: { type: 'string' },
    role: { type: 'string' },
    'display-name': { type: 'string' },
    password: { type: 'string' },
    help: { type: 'boolean', short: 'h' },
  },
});

function roleOf(text: string | undefined): OperatorRole {
  const role = OPERATOR_ROLES.find((r) => r === text?.toUpperCase() || OPERATOR_ROLE_LABELS[r] === text);
  if (!role) throw new UsageError(`请用 --role 指定角色：${OPERATOR_ROLES.join('、')}`);
  return role;
}

function checkedPassword(text: string | undefined): string {
  if (text === undefined) return generatePassword();
  const parsed = operatorNewPassword.safeParse(text);
  if (!parsed.success) throw new UsageError(parsed.error.issues[0]!.message);
  return text;
}

async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

async function inTransaction<T>(client: pg.Client, work: () => Promise<T>): Promise<T> {
  await client.query('BEGIN');
  try {
    const result = await work();
    await client.query('COMMIT');
    return result;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => {});
    throw error;
  }
}

async function existing(client: pg.Client, username: string | undefined) {
  if (!username) throw new UsageError('请给出操作员用户名');
  const operator = await findOperatorByUsername(client as unknown as pg.PoolClient, username);
  if (!operator) throw new UsageError(`没有用户名为 ${username} 的操作员`);
  return operator;
}

async function main(url: string): Promise<void> {
  const [command, argument] = positionals;
  await withClient(url, async (client) => {
    const db = client as unknown as pg.PoolClient;
    switch (command) {
      case 'create': {
        const password = checkedPassword(values.password);
        const input = { username: values.username ?? '', displayName: values['display-name'] ?? values.username ?? '', role: roleOf(values.role), password };
        const parsed = CreateOperatorBodySchema.safeParse(input);
        if (!parsed.success) throw new UsageError(parsed.error.issues[0]!.message);
        const id = await inTransaction(client, async () => {
          const created = await insertOperator(db, input);
          await insertAuditRows(db, SYSTEM_ACTOR, [
            { action: 'operator.create', targetType: 'operator', targetId: created, before: null, after: { username: input.username, displayName: input.displayName, role: input.role }, reason: '命令行创建' },
          ]);
          return created;
        });
        say(`已创建操作员 #${id} ${input.username}（${OPERATOR_ROLE_LABELS[input.role]}）`);
        if (values.password === undefined) say(`初始密码: ${password}`);
        say('首次登录时用身份验证器应用扫描二维码绑定动态验证码，并保存恢复码。');
        return;
      }
      case 'list': {
        const rows = await client.query<{ id: number; username: string; role: OperatorRole; enrolled: boolean; disabled: boolean; demo: boolean }>(
          'SELECT id, username, role, enrolled_at IS NOT NULL AS enrolled, disabled_at IS NOT NULL AS disabled, is_demo AS demo FROM operators ORDER BY id',
        );
        for (const row of rows.rows) {
          const flags = [row.enrolled ? '已绑定' : '待绑定', row.disabled ? '已停用' : '', row.demo ? '演示' : ''].filter(Boolean).join('，');
          say(`#${row.id} ${row.username.padEnd(20)} ${OPERATOR_ROLE_LABELS[row.role]}（${flags}）`);
        }
        if (rows.rows.length === 0) say('还没有操作员：npm run operator -- create --username admin --role SUPER_ADMIN');
        return;
      }
      case 'reset-password': {
        const operator = await existing(client, argument);
        const password = checkedPassword(values.password);
        const hash = await hashPassword(password);
        await inTransaction(client, async () => {
          await client.query('UPDATE operators SET password_hash = $2, failed_attempts = 0, locked_until = NULL, disabled_at = NULL WHERE id = $1', [operator.id, hash]);
          await revokeOperatorSessions(db, operator.id);
          await insertAuditRows(db, SYSTEM_ACTOR, [
            { action: 'operator.password_reset', targetType: 'operator', targetId: operator.id, before: { disabled: operator.disabled_at !== null }, after: { disabled: false }, reason: '命令行重置密码' },
          ]);
        });
        say(`已重置 ${operator.username} 的密码${values.password === undefined ? `: ${password}` : ''}（同时解除锁定与停用，结束其全部会话）`);
        return;
      }
      case 'reset-second-factor': {
        const operator = await existing(client, argument);
        await inTransaction(client, async () => {
          await client.query('UPDATE operators SET totp_secret = NULL, enrolled_at = NULL, totp_last_step = NULL WHERE id = $1', [operator.id]);
          await deleteRecoveryCodes(db, operator.id);
          await revokeOperatorSessions(db, operator.id);
          await insertAuditRows(db, SYSTEM_ACTOR, [
            { action: 'operator.second_factor_reset', targetType: 'operator', targetId: operator.id, before: { enrolled: operator.enrolled_at !== null }, after: { enrolled: false }, reason: '命令行重置动态验证码' },
          ]);
        });
        say(`已重置 ${operator.username} 的动态验证码：下次登录时重新绑定。`);
        return;
      }
      case 'code': {
        const operator = await existing(client, argument);
        if (!operator.is_demo || !operator.totp_secret) throw new UsageError('只能显示演示操作员的验证码（其密钥是公开的）');
        const left = TOTP_STEP_SECONDS - (Math.floor(Date.now() / 1000) % TOTP_STEP_SECONDS);
        say(`${totpCode(operator.totp_secret)}（${left} 秒内有效；每个验证码只能使用一次）`);
        return;
      }
      default:
        throw new UsageError(USAGE);
    }
  });
}

if (values.help || positionals.length === 0) {
  say(USAGE);
  process.exit(positionals.length === 0 && !values.help ? 2 : 0);
}
const database = await orExit(() => cliDatabase(say, { migrate: true }));
let exitCode = 0;
try {
  await main(database.url);
} catch (error) {
  if (!(error instanceof UsageError || (error instanceof Error && 'statusCode' in error))) throw error;
  process.stderr.write(`${error.message}\n`);
  exitCode = 2;
} finally {
  await database.stop();
}
process.exit(exitCode);
