// /verify/red-packet/{id} (public): the packet's commitment, and once it has ended its revealed seed,
// the split recomputed in this browser with the server's own code, and every claim checked against
// the amount of its position (names masked).
import { Alert, Group, List, Loader, Paper, ScrollArea, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { RED_PACKET_STATE_LABELS, type RedPacketVerificationData } from '../../../shared/api/red-packets.ts';
import { formatMoney } from '../../../shared/money.ts';
import { RED_PACKET_RULE_LABELS } from '../../../shared/red-packets/split.ts';
import { verifyRedPacket, type RedPacketVerification } from '../../../shared/red-packets/verify.ts';
import { errorMessage } from '../../lib/api/errors.ts';
import { CheckList } from '../fairness/CheckList.tsx';
import { redPacketVerificationQueryOptions } from './red-packet-queries.ts';

/** Long splits: the page lists this many steps; the command prints them all. */
const SHOWN_STEPS = 200;

export function RedPacketVerifyPage({ id }: { id: string }) {
  const query = useQuery(redPacketVerificationQueryOptions(id));
  return (
    <Stack gap="md" maw={860} mx="auto" p="md" data-testid="red-packet-verify" data-id={id}>
      <Title order={1} size="h2">
        红包拆分验证
      </Title>
      <Text size="sm">
        每个红包的金额在创建时就由一个秘密种子确定，并当即公布了种子的承诺；红包结束后公开种子。本页用与服务器完全相同的代码，在您的浏览器中核对承诺、重新拆分，并逐一核对每次领取的金额。
      </Text>
      {query.isPending ? (
        <Loader size="sm" aria-label="正在加载" />
      ) : query.isError ? (
        <Alert color="orange" title="无法加载">
          {errorMessage(query.error)}
        </Alert>
      ) : (
        <PacketVerification data={query.data} />
      )}
    </Stack>
  );
}

function PacketVerification({ data }: { data: RedPacketVerificationData }) {
  const { packet, claims } = data;
  const [result, setResult] = useState<RedPacketVerification | { error: string } | null>(null);
  useEffect(() => {
    if (!packet.seed) return;
    let live = true;
    verifyRedPacket({ ...packet, seed: packet.seed, claimedAmounts: claims.map((c) => c.amount) }).then(
      (verification) => live && setResult(verification),
      (error: unknown) => live && setResult({ error: error instanceof Error ? error.message : String(error) }),
    );
    return () => {
      live = false;
    };
  }, [packet, claims]);
  return (
    <Stack gap="md">
      <Paper withBorder p="md" radius="md">
        <Text fw={700}>{packet.title}</Text>
        <Text size="sm">
          {RED_PACKET_STATE_LABELS[packet.state]} · {RED_PACKET_RULE_LABELS[packet.rule]} · 共 {packet.count} 个，总额 {formatMoney(packet.budget)}
          {packet.rule === 'RANDOM' && packet.min !== null && packet.max !== null ? `，单个 ${formatMoney(packet.min)}–${formatMoney(packet.max)}` : ''}
        </Text>
        <Text size="sm" style={{ wordBreak: 'break-all' }} data-testid="red-packet-commitment">
          承诺：{packet.commitment}
        </Text>
        <Text size="sm" style={{ wordBreak: 'break-all' }} data-testid="red-packet-seed">
          种子：{packet.seed ?? '红包结束后公开'}
        </Text>
      </Paper>
      {!packet.seed ? (
        <Alert color="gray" title="尚未结束">
          红包结束（领完、到期或被结束）后公开种子，届时即可验证。
        </Alert>
      ) : result === null ? (
        <Group justify="center">
          <Loader size="sm" aria-label="正在计算" />
        </Group>
      ) : 'error' in result ? (
        <Alert color="orange" title="无法验证">
          {result.error}
        </Alert>
      ) : (
        <Report verification={result} />
      )}
      <ClaimList data={data} amounts={result && !('error' in result) ? result.amounts : null} />
    </Stack>
  );
}

function Report({ verification }: { verification: RedPacketVerification }) {
  const passed = verification.verdict === 'PASS';
  return (
    <Stack gap="sm" data-testid="red-packet-verification" data-verdict={verification.verdict}>
      <Alert color={passed ? 'teal.9' : 'red.9'} variant="filled" title={passed ? '验证通过' : '验证失败'}>
        {verification.summary}
      </Alert>
      <CheckList checks={verification.checks.map((check) => ({ label: check.title, ok: check.passed, detail: check.description }))} />
      <details>
        <summary>计算步骤</summary>
        <List size="xs" spacing={2}>
          {verification.steps.slice(0, SHOWN_STEPS).map((step, index) => (
            <List.Item key={index}>{step}</List.Item>
          ))}
        </List>
        {verification.steps.length > SHOWN_STEPS ? <Text size="xs">…共 {verification.steps.length} 步，完整步骤请用验证命令查看。</Text> : null}
      </details>
      <Text size="xs" c="dimmed">
        命令行验证：node --import tsx scripts/verify-draw.ts red-packet --help
      </Text>
    </Stack>
  );
}

function ClaimList({ data, amounts }: { data: RedPacketVerificationData; amounts: number[] | null }) {
  if (data.claims.length === 0) return <Text size="sm">暂无领取记录</Text>;
  return (
    <ScrollArea>
      <Table striped data-testid="red-packet-claims">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>顺序</Table.Th>
            <Table.Th>会员</Table.Th>
            <Table.Th>金额</Table.Th>
            <Table.Th>核对</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {data.claims.map((claim) => (
            <Table.Tr key={claim.seq}>
              <Table.Td>{claim.seq}</Table.Td>
              <Table.Td>{claim.name}</Table.Td>
              <Table.Td>{formatMoney(claim.amount)}</Table.Td>
              <Table.Td>{amounts === null ? '—' : amounts[claim.seq - 1] === claim.amount ? '✓' : '✗'}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollArea>
  );
}
