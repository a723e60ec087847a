// /verify/jackpot/{id} (public): the round's commitment, and once decided its revealed seed and the
// fixed list of qualifying bets (names masked); the winner recomputed in this browser with the
// server's own code (shared/jackpot/draw.ts) and checked against what was published.
import { Alert, Group, List, Loader, Paper, ScrollArea, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { JACKPOT_KIND_LABELS, JACKPOT_PATHS, type JackpotRoundDetail } from '../../../shared/api/jackpot.ts';
import { formatMoney } from '../../../shared/money.ts';
import { verifyJackpotDraw, type JackpotVerification } from '../../../shared/jackpot/draw.ts';
import { errorMessage } from '../../lib/api/errors.ts';
import { CheckList } from '../fairness/CheckList.tsx';
import { jackpotRoundQueryOptions } from './jackpot-queries.ts';

const SHOWN_ENTRIES = 500;
const dateTime = (iso: string) => new Date(iso).toLocaleString('zh-CN', { hour12: false });

export function JackpotVerifyPage({ id }: { id: string }) {
  const roundId = /^\d{1,15}$/.test(id) ? Number(id) : null;
  const query = useQuery({ ...jackpotRoundQueryOptions(roundId ?? 0), enabled: roundId !== null && roundId > 0 });
  return (
    <Stack gap="md" maw={860} mx="auto" p="md" data-testid="jackpot-verify" data-id={id}>
      <Title order={1} size="h2">
        奖池开奖验证
      </Title>
      <Text size="sm">
        每期奖池开奖的种子在本期开始前就已确定，并公布了承诺 SHA-256(种子 ‖ "jackpot:" ‖ 期次)。开奖时参与名单（本期已结算、达到最低投注额的投注，按订单号排序）被固定并公布其哈希，中奖者由种子和名单哈希均匀抽出。本页用与服务器完全相同的代码，在您的浏览器中重新计算。
      </Text>
      {roundId === null || roundId < 1 ? (
        <Alert color="orange" title="无法加载">奖池期次编号不正确</Alert>
      ) : query.isPending ? (
        <Loader size="sm" aria-label="正在加载" />
      ) : query.isError ? (
        <Alert color="orange" title="无法加载">{errorMessage(query.error)}</Alert>
      ) : (
        <RoundVerification round={query.data} />
      )}
    </Stack>
  );
}

function RoundVerification({ round }: { round: JackpotRoundDetail }) {
  const [result, setResult] = useState<JackpotVerification | { error: string } | null>(null);
  useEffect(() => {
    if (round.seed === null || round.entries === null) return;
    let live = true;
    verifyJackpotDraw({
      roundId: round.id,
      seed: round.seed,
      entries: round.entries,
      commitment: round.commitment,
      ...(round.listHash ? { listHash: round.listHash } : {}),
      winnerOrderId: round.winnerOrderId,
    }).then(
      (v) => live && setResult(v),
      (error: unknown) => live && setResult({ error: error instanceof Error ? error.message : String(error) }),
    );
    return () => {
      live = false;
    };
  }, [round]);
  return (
    <Stack gap="md">
      <Paper withBorder p="md" radius="md">
        <Text fw={700}>
          {JACKPOT_KIND_LABELS[round.kind]} · 第 {round.id} 期
        </Text>
        <Text size="sm">
          投注时段：{dateTime(round.windowStart)} – {dateTime(round.windowEnd)}
          {round.minStake !== null ? ` · 最低投注额 ${formatMoney(round.minStake)}` : ''}
        </Text>
        {round.status === 'DRAWN' && (
          <Text size="sm" data-testid="jackpot-verify-winner">
            中奖者：{round.winner}（订单 {round.winnerOrderId}），奖金 {formatMoney(round.prize)}
          </Text>
        )}
        {round.status === 'CLOSED' && <Text size="sm">本期未派奖：{round.closeReason}</Text>}
        <Text size="sm" style={{ wordBreak: 'break-all' }} data-testid="jackpot-verify-commitment">
          承诺：{round.commitment}
        </Text>
        <Text size="sm" style={{ wordBreak: 'break-all' }}>
          种子：{round.seed ?? '开奖后公开'}
        </Text>
      </Paper>
      {round.seed === null ? (
        <Alert color="gray" title="尚未开奖">本期结束并开奖后公开种子与参与名单，届时即可验证。</Alert>
      ) : result === null ? (
        <Group justify="center">
          <Loader size="sm" aria-label="正在计算" />
        </Group>
      ) : 'error' in result ? (
        <Alert color="orange" title="无法验证">{result.error}</Alert>
      ) : (
        <Report verification={result} count={round.entries?.length ?? 0} roundId={round.id} />
      )}
      {round.entries && <Entries round={round} />}
    </Stack>
  );
}

function Report({ verification, count, roundId }: { verification: JackpotVerification; count: number; roundId: number }) {
  const { draw } = verification;
  return (
    <Stack gap="sm" data-testid="jackpot-verification" data-verdict={verification.ok ? 'PASS' : 'FAIL'}>
      <Alert color={verification.ok ? 'teal.9' : 'red.9'} variant="filled" title={verification.ok ? '验证通过' : '验证失败'}>
        {verification.ok ? '承诺、参与名单与中奖者均与重新计算的结果一致。' : '重新计算的结果与公布的不一致。'}
      </Alert>
      <CheckList checks={verification.checks} />
      <details>
        <summary>计算步骤</summary>
        <List size="xs" spacing={2} style={{ wordBreak: 'break-all' }}>
          <List.Item>名单哈希 = SHA-256(每行“订单号:投注额”) = {draw.listHash}</List.Item>
          {draw.index !== null && <List.Item>抽样上限 = 2^32 − (2^32 mod {count}) = {draw.limit}</List.Item>}
          {draw.steps.map((step) => (
            <List.Item key={step.counter}>
              HMAC-SHA256(种子, "{step.message}") = {step.hmacHex}；
              {step.words.map((w) => `${w.word}${w.accepted ? '（采用）' : '（舍弃）'}`).join('，')}
            </List.Item>
          ))}
          {draw.index !== null && (
            <List.Item>
              中奖位置 = {draw.steps.at(-1)!.words.at(-1)!.word} mod {count} = {draw.index}（第 {draw.index + 1} 位）
            </List.Item>
          )}
        </List>
      </details>
      <Text size="xs" c="dimmed">
        命令行验证：下载
        <a href={JACKPOT_PATHS.round(roundId)} download={`jackpot-${roundId}.json`} data-testid="jackpot-verify-download">
          本期记录（JSON）
        </a>
        ，再运行 node --import tsx scripts/verify-draw.ts jackpot --file jackpot-{roundId}.json
      </Text>
    </Stack>
  );
}

function Entries({ round }: { round: JackpotRoundDetail }) {
  const entries = round.entries ?? [];
  return (
    <Stack gap={4}>
      <Text fw={600} size="sm">参与名单（{entries.length} 笔）</Text>
      <ScrollArea.Autosize mah={360}>
        <Table striped fz="sm" data-testid="jackpot-verify-entries">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>#</Table.Th>
              <Table.Th>订单号</Table.Th>
              <Table.Th>玩家</Table.Th>
              <Table.Th>投注额</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {entries.slice(0, SHOWN_ENTRIES).map((e, i) => (
              <Table.Tr key={e.orderId} fw={e.orderId === round.winnerOrderId ? 700 : undefined}>
                <Table.Td>{i + 1}</Table.Td>
                <Table.Td>{e.orderId}</Table.Td>
                <Table.Td>{e.player}</Table.Td>
                <Table.Td>{formatMoney(e.stake)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollArea.Autosize>
      {entries.length > SHOWN_ENTRIES && <Text size="xs">…共 {entries.length} 笔，完整名单请用验证命令核对。</Text>}
    </Stack>
  );
}
