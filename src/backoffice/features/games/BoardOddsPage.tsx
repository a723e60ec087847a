// 盘面赔率与退水: every bet type of a draw type's board with its odds per level, its 退水 and its
// return to player (the best entry; odds alone and with 退水), computed exactly by the engine on the
// server. The server refuses any change that brings a bet type to 100 % or more.
import { Alert, Anchor, Button, Group, Loader, Select, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useParams } from '@tanstack/react-router';
import { useEffect, useMemo, useState } from 'react';
import { BoardOddsSchema, GAMES_ADMIN_PATHS, type BoardOdds } from '../../../shared/backoffice/games.ts';
import { errorMessage } from '../../../app/lib/api/errors.ts';
import { boSend } from '../../lib/api.ts';
import { useOperator } from '../../lib/operator.ts';
import { oddsFromText, oddsText, rebateFromText, rebateText } from './decimal.ts';
import { boardOddsQuery, refreshGames } from './queries.ts';

/** Per bet type: odds text per level, and the 退水 in per cent. */
type Draft = Record<string, { odds: Record<string, string>; rebate: string }>;

const draftOf = (board: BoardOdds): Draft =>
  Object.fromEntries(
    board.betTypes.map((betType) => [
      betType.id,
      { odds: Object.fromEntries(betType.levels.map((level) => [level.key, oddsText(level.odds)])), rebate: rebateText(betType.rebate) },
    ]),
  );

/** Everything that differs from the engine's defaults (what the server stores); malformed text goes as typed, for the server's message. */
function settingsOf(board: BoardOdds, draft: Draft) {
  const odds: Record<string, Record<string, number | string>> = {};
  const rebates: Record<string, number | string> = {};
  for (const betType of board.betTypes) {
    const entry = draft[betType.id]!;
    for (const level of betType.levels) {
      const text = entry.odds[level.key] ?? '';
      const value = oddsFromText(text);
      if (value === level.defaultOdds) continue;
      (odds[betType.id] ??= {})[level.key] = value ?? text;
    }
    const rebate = rebateFromText(entry.rebate);
    if (rebate !== betType.defaultRebate) rebates[betType.id] = rebate ?? entry.rebate;
  }
  return { odds, rebates };
}

export default function BoardOddsPage() {
  const { drawType = '' } = useParams({ strict: false }) as { drawType?: string };
  const { data, error, isPending } = useQuery(boardOddsQuery(drawType));
  const { can } = useOperator();
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<Draft | null>(null);
  const [group, setGroup] = useState<string | null>(null);
  const [reason, setReason] = useState('');
  const [saved, setSaved] = useState(false);
  useEffect(() => {
    if (data) setDraft(draftOf(data));
  }, [data]);
  const groups = useMemo(() => [...new Set(data?.betTypes.map((b) => b.group) ?? [])], [data]);
  const save = useMutation({
    mutationFn: (body: unknown) => boSend('PUT', GAMES_ADMIN_PATHS.board(drawType), body, BoardOddsSchema),
    onSuccess: () => setSaved(true),
    onSettled: () => refreshGames(queryClient),
  });
  if (isPending || (data && !draft)) return <Loader aria-label="加载中" />;
  if (error) return <Alert color="red" title="加载失败">{errorMessage(error)}</Alert>;
  if (!draft) return null;
  const readOnly = !can('games.manage');
  const current = group ?? groups[0] ?? '';
  const edit = (betTypeId: string, change: (entry: Draft[string]) => Draft[string]) => {
    setSaved(false);
    setDraft({ ...draft, [betTypeId]: change(draft[betTypeId]!) });
  };
  return (
    <Stack>
      <Anchor component={Link} to="/games" size="sm">← 游戏开关</Anchor>
      <Title order={2}>{data.name} · 盘面赔率与退水</Title>
      <Text size="sm" c="dimmed">
        返奖率按当前赔率精确计算（取该玩法中返奖最高的一项；{data.drawDate}），含退水的返奖率必须低于 100%。
        新赔率只用于保存之后的投注，之前的注单按下注时的赔率结算。{data.customised ? '当前为运营自定义赔率。' : '当前为系统默认赔率。'}
      </Text>
      <Group align="end">
        <Select label="玩法分组" data={groups} value={current} onChange={setGroup} allowDeselect={false} w={220} />
        {!readOnly && <TextInput label="修改原因（记入审计日志）" value={reason} onChange={(e) => setReason(e.currentTarget.value)} maxLength={200} w={320} />}
      </Group>
      <Table.ScrollContainer minWidth={900}>
        <Table striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>玩法</Table.Th>
              <Table.Th>赔率（含本金）</Table.Th>
              <Table.Th>退水 %</Table.Th>
              <Table.Th>返奖率</Table.Th>
              <Table.Th>含退水</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {data.betTypes
              .filter((betType) => betType.group === current)
              .map((betType) => (
                <Table.Tr key={betType.id} data-testid="bet-type-row" data-bet-type={betType.id}>
                  <Table.Td>
                    <Text size="sm">{betType.name}</Text>
                    <Text size="xs" c="dimmed">{betType.id}</Text>
                  </Table.Td>
                  <Table.Td>
                    <Group gap={6}>
                      {betType.levels.map((level) => (
                        <TextInput
                          key={level.key}
                          label={level.name}
                          size="xs"
                          w={88}
                          value={draft[betType.id]!.odds[level.key] ?? ''}
                          readOnly={readOnly}
                          inputMode="decimal"
                          description={level.odds !== level.defaultOdds ? `默认 ${oddsText(level.defaultOdds)}` : undefined}
                          onChange={(e) => {
                            const text = e.currentTarget.value;
                            edit(betType.id, (entry) => ({ ...entry, odds: { ...entry.odds, [level.key]: text } }));
                          }}
                        />
                      ))}
                    </Group>
                  </Table.Td>
                  <Table.Td>
                    <TextInput
                      aria-label={`${betType.name}退水`}
                      size="xs"
                      w={72}
                      value={draft[betType.id]!.rebate}
                      readOnly={readOnly}
                      inputMode="decimal"
                      onChange={(e) => {
                        const text = e.currentTarget.value;
                        edit(betType.id, (entry) => ({ ...entry, rebate: text }));
                      }}
                    />
                  </Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{betType.rtp}</Table.Td>
                  <Table.Td>
                    <Text size="sm" fw={500} c={parseFloat(betType.rtpWithRebate) >= 99 ? 'orange' : undefined} style={{ whiteSpace: 'nowrap' }}>
                      {betType.rtpWithRebate}
                    </Text>
                  </Table.Td>
                </Table.Tr>
              ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {!readOnly && (
        <Stack gap="xs">
          {save.isError && <Alert color="red" role="alert">{errorMessage(save.error)}</Alert>}
          {saved && <Alert color="green" role="status">已保存，返奖率已按新赔率重新计算</Alert>}
          <Group>
            <Button loading={save.isPending} onClick={() => save.mutate({ ...settingsOf(data, draft), ...(reason.trim() ? { reason: reason.trim() } : {}) })}>
              保存全部分组
            </Button>
            <Button variant="default" onClick={() => { setDraft(draftOf(data)); setSaved(false); }}>撤销未保存的修改</Button>
          </Group>
        </Stack>
      )}
    </Stack>
  );
}
