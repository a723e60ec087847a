// `npm run audit:verify`: walks the operator audit log's hash chain. Exit 0 with the number of rows
// when it holds; exit 1 naming the first row that breaks it.
import pg from 'pg';
import { verifyAuditChain } from '../src/server/backoffice/core/audit.ts';
import { cliDatabase } from '../src/server/backoffice/core/cli-database.ts';
import { orExit } from '../src/server/startup/errors.ts';

const say = (line: string) => process.stdout.write(`${line}\n`);
const database = await orExit(() => cliDatabase(say, { migrate: false }));
const client = new pg.Client({ connectionString: database.url });
let exitCode = 0;
try {
  await client.connect();
  const verdict = await verifyAuditChain(client);
  if (verdict.ok) {
    say(`审计日志哈希链完整：共 ${verdict.count} 条记录${verdict.count > 0 ? `，最后一条哈希 ${verdict.lastHash}` : ''}`);
  } else {
    process.stderr.write(`审计日志哈希链在第 ${verdict.brokenId} 号记录处断开：${verdict.problem}（此前 ${verdict.count} 条完好）\n`);
    exitCode = 1;
  }
} finally {
  await client.end().catch(() => {});
  await database.stop();
}
process.exit(exitCode);
