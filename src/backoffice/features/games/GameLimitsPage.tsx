// 标准玩法限额: a draw type's prize-group range, largest multiplier, most 注 per order and payout caps
// (the caps apply to board bets too). The server checks every value and answers with Chinese field
// messages, shown under the fields.
import { Alert, Anchor, Button, Group, Loader, Stack, Text, TextInput, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useParams } from '@tanstack/react-router';
import { useEffect, useState, type ChangeEvent } from 'react';
import { GAMES_ADMIN_PATHS, RegularLimitsSchema, type RegularLimits } from '../../../shared/backoffice/games.ts';
import { ApiError, errorMessage } from '../../../app/lib/api/errors.ts';
import { boSend } from '../../lib/api.ts';
import { useOperator } from '../../lib/operator.ts';
import { yuanFromText, yuanText } from './decimal.ts';
import { limitsQuery, refreshGames } from './queries.ts';

interface FormState {
  prizeGroupMin: string;
  prizeGroupMax: string;
  maxMultiplier: string;
  maxBetsPerOrder: string;
  maxPayoutPerOrder: string;
  maxPayoutPerIssue: string;
  reason: string;
}

const formOf = (limits: RegularLimits): FormState => ({
  prizeGroupMin: String(limits.prizeGroup?.min ?? ''),
  prizeGroupMax: String(limits.prizeGroup?.max ?? ''),
  maxMultiplier: String(limits.maxMultiplier ?? ''),
  maxBetsPerOrder: limits.maxBetsPerOrder === null ? '' : String(limits.maxBetsPerOrder),
  maxPayoutPerOrder: yuanText(limits.maxPayoutPerOrder),
  maxPayoutPerIssue: yuanText(limits.maxPayoutPerIssue),
  reason: '',
});

/** Integers as typed; anything else goes to the server as it is, and the server says what is wrong. */
const whole = (text: string): number | string | null => (text.trim() === '' ? null : /^\d{1,9}$/.test(text.trim()) ? Number(text.trim()) : text);

function bodyOf(form: FormState, limits: RegularLimits): Record<string, unknown> {
  const money = (text: string) => yuanFromText(text) ?? text;
  return {
    ...(limits.prizeGroup ? { prizeGroup: { min: whole(form.prizeGroupMin), max: whole(form.prizeGroupMax) } } : {}),
    ...(limits.regular ? { maxMultiplier: whole(form.maxMultiplier), maxBetsPerOrder: whole(form.maxBetsPerOrder) } : {}),
    maxPayoutPerOrder: money(form.maxPayoutPerOrder),
    maxPayoutPerIssue: money(form.maxPayoutPerIssue),
    ...(form.reason.trim() ? { reason: form.reason.trim() } : {}),
  };
}

export default function GameLimitsPage() {
  const { drawType = '' } = useParams({ strict: false }) as { drawType?: string };
  const { data, error, isPending } = useQuery(limitsQuery(drawType));
  const { can } = useOperator();
  const queryClient = useQueryClient();
  const [form, setForm] = useState<FormState | null>(null);
  const [saved, setSaved] = useState(false);
  useEffect(() => {
    if (data) setForm(formOf(data));
  }, [data]);
  const save = useMutation({
    mutationFn: (body: Record<string, unknown>) => boSend('PUT', GAMES_ADMIN_PATHS.limits(drawType), body, RegularLimitsSchema),
    onSuccess: () => setSaved(true),
    onSettled: () => refreshGames(queryClient),
  });
  const reset = useMutation({
    mutationFn: () => boSend('DELETE', GAMES_ADMIN_PATHS.limits(drawType), undefined, RegularLimitsSchema),
    onSuccess: () => setSaved(true),
    onSettled: () => refreshGames(queryClient),
  });
  if (isPending || (data && !form)) return <Loader aria-label="加载中" />;
  if (error) return <Alert color="red" title="加载失败">{errorMessage(error)}</Alert>;
  if (!form) return null;
  const fields = save.error instanceof ApiError ? save.error.fields : {};
  const field = (...names: string[]) => names.map((name) => fields[name]).find(Boolean);
  const set = (key: keyof FormState) => (event: ChangeEvent<HTMLInputElement>) => {
    setSaved(false);
    setForm({ ...form, [key]: event.currentTarget.value });
  };
  const readOnly = !can('games.manage');
  return (
    <Stack maw={640}>
      <Anchor component={Link} to="/games" size="sm">← 游戏开关</Anchor>
      <Title order={2}>{data.name} · 限额</Title>
      <Text size="sm" c="dimmed">
        {data.customised ? '运营已自定义以下限额。' : '当前为系统默认限额。'}保存后立即对新投注生效；派奖上限在结算时生效（盘面注单同样适用）。
      </Text>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          save.mutate(bodyOf(form, data));
        }}
      >
        <Stack>
          {data.prizeGroup && (
            <Group grow align="start">
              <TextInput label="奖金组下限" value={form.prizeGroupMin} onChange={set('prizeGroupMin')} error={field('prizeGroup.min', 'prizeGroup')} readOnly={readOnly} inputMode="numeric" />
              <TextInput label="奖金组上限" value={form.prizeGroupMax} onChange={set('prizeGroupMax')} error={field('prizeGroup.max')} readOnly={readOnly} inputMode="numeric" />
            </Group>
          )}
          {data.regular && (
            <Group grow align="start">
              <TextInput label="最大倍数" value={form.maxMultiplier} onChange={set('maxMultiplier')} error={field('maxMultiplier')} readOnly={readOnly} inputMode="numeric" />
              <TextInput
                label="每单最大注数"
                description="留空：只按各玩法自身的注数上限"
                value={form.maxBetsPerOrder}
                onChange={set('maxBetsPerOrder')}
                error={field('maxBetsPerOrder')}
                readOnly={readOnly}
                inputMode="numeric"
              />
            </Group>
          )}
          {!data.regular && <Text size="sm">{data.name}没有标准玩法，只设派奖上限。</Text>}
          <Group grow align="start">
            <TextInput label="单个注单最高派奖（元）" value={form.maxPayoutPerOrder} onChange={set('maxPayoutPerOrder')} error={field('maxPayoutPerOrder')} readOnly={readOnly} inputMode="decimal" />
            <TextInput label="每位玩家单期最高派奖（元）" value={form.maxPayoutPerIssue} onChange={set('maxPayoutPerIssue')} error={field('maxPayoutPerIssue')} readOnly={readOnly} inputMode="decimal" />
          </Group>
          {!readOnly && (
            <>
              <TextInput label="修改原因（记入审计日志）" value={form.reason} onChange={set('reason')} error={field('reason')} maxLength={200} />
              {save.isError && <Alert color="red" role="alert">{errorMessage(save.error)}</Alert>}
              {reset.isError && <Alert color="red" role="alert">{errorMessage(reset.error)}</Alert>}
              {saved && <Alert color="green" role="status">已保存，新投注立即按此限额校验</Alert>}
              <Group>
                <Button type="submit" loading={save.isPending}>保存</Button>
                {data.customised && (
                  <Button variant="default" loading={reset.isPending} onClick={() => reset.mutate()}>恢复默认</Button>
                )}
              </Group>
            </>
          )}
        </Stack>
      </form>
    </Stack>
  );
}

