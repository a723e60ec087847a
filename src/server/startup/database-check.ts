// Before migrating, one connection to DATABASE_URL: a database that cannot be reached stops the start
// with one line naming DATABASE_URL, where it points (password masked) and why.
import pg from 'pg';
import { StartupError } from './errors.ts';

/** What each refusal means, for the codes an operator meets when the URL is wrong. */
const CAUSES: Record<string, string> = {
  ECONNREFUSED: '该地址没有 PostgreSQL 在监听',
  ENOTFOUND: '主机名无法解析',
  EAI_AGAIN: '主机名无法解析',
  ETIMEDOUT: '连接超时',
  EHOSTUNREACH: '主机不可达',
  ENETUNREACH: '网络不可达',
  '28P01': '用户名或密码错误',
  '28000': '用户不存在或不允许连接',
  '3D000': '数据库不存在',
};

/** The URL as it may be shown: the password replaced, the query (which may hold one too) left out. */
export function describeDatabaseUrl(url: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return '无法解析的 URL';
  }
  const credentials = parsed.username ? `${parsed.username}${parsed.password ? ':***' : ''}@` : parsed.password ? ':***@' : '';
  return `${parsed.protocol}//${credentials}${parsed.host}${parsed.pathname}`;
}

/** Every spelling of the URL's password that could appear in a message (raw and percent-decoded). */
function passwordsIn(url: string): string[] {
  try {
    const raw = new URL(url).password;
    return [...new Set([raw, safeDecode(raw)])].filter((p) => p.length > 0);
  } catch {
    return [];
  }
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

export function databaseFailureLine(url: string, error: unknown): string {
  const { code, message } = (error ?? {}) as { code?: string; message?: string };
  // The driver's messages do not quote the password; this keeps it so should one ever do.
  let detail = String(message || error).replace(/\s+/g, ' ').trim();
  for (const password of passwordsIn(url)) detail = detail.split(password).join('***');
  if (/timeout/i.test(detail) && !code) detail = `连接超时（${detail}）`;
  const cause = code && CAUSES[code] ? `${CAUSES[code]}（${detail}）` : detail;
  return `DATABASE_URL（${describeDatabaseUrl(url)}）无法连接：${cause}`;
}

/** Connects once and runs `SELECT 1`; throws a StartupError with the one line to print. */
export async function checkDatabaseConnection(url: string, timeoutMs = 10_000): Promise<void> {
  let client: pg.Client | null = null;
  try {
    client = new pg.Client({ connectionString: url, connectionTimeoutMillis: timeoutMs });
    // A connection lost after the check is not this check's business.
    client.on('error', () => {});
    await client.connect();
    await client.query('SELECT 1');
  } catch (error) {
    throw new StartupError(databaseFailureLine(url, error));
  } finally {
    await client?.end().catch(() => {});
  }
}
