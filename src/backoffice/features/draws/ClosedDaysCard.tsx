// 休市日历: an official draw type's closed (休市) and extra (加开) days, with forms to add and remove
// them (draws.cancel). Closing a day cancels its issues not yet closed and refunds their orders; where
// the 期号 counts open days the server refuses a change once issues of that day or later exist.
import { Alert, Button, Card, Group, Loader, SegmentedControl, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import {
  CALENDAR_KIND_LABELS,
  CalendarChangeAnswerSchema,
  DRAWS_ADMIN_PATHS,
  isReasonValid,
  REASON_MESSAGE,
  type CalendarKindName,
  type DrawCalendarView,
} from '../../../shared/backoffice/draws.ts';
import { errorMessage } from '../../../app/lib/api/errors.ts';
import { useOperator } from '../../lib/operator.ts';
import { ApiError, boSend } from '../../lib/api.ts';
import { beijingTime } from './labels.ts';
import { TextBadge } from './StateBadge.tsx';
import { DRAWS_KEY, drawCalendarQuery } from './queries.ts';

const NUMBERING_HINT: Record<DrawCalendarView['numbering'], string> = {
  dated: '期号含日期：休市只影响当天的期号。',
  yearly: '期号按年内开奖次数编号：休市或加开会改变当年之后的期号，须在这些期号生成前（至少提前两天）录入。',
  counter: '期号连续计数：休市或加开会改变之后的期号，须在这些期号生成前（至少提前两天）录入。',
};

function AddDayForm({ drawType }: { drawType: string }) {
  const queryClient = useQueryClient();
  const [day, setDay] = useState('');
  const [kind, setKind] = useState<CalendarKindName>('CLOSED');
  const [reason, setReason] = useState('');
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const mutation = useMutation({
    mutationFn: () => boSend('POST', DRAWS_ADMIN_PATHS.drawCalendar(drawType), { day, kind, reason: reason.trim() }, CalendarChangeAnswerSchema),
    onSuccess: () => {
      setDay('');
      setReason('');
      void queryClient.invalidateQueries({ queryKey: DRAWS_KEY });
    },
    onError: (error) => setFieldErrors(error instanceof ApiError ? error.fields : {}),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const errors: Record<string, string> = {};
    if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) errors.day = '请选择日期';
    if (!isReasonValid(reason)) errors.reason = REASON_MESSAGE;
    setFieldErrors(errors);
    if (Object.keys(errors).length === 0) mutation.mutate();
  };
  const fieldShown = Object.keys(fieldErrors).length > 0;
  return (
    <form onSubmit={submit} noValidate aria-label="添加休市或加开日">
      <Stack gap="xs">
        <Group align="end">
          <TextInput type="date" label="日期（北京时间）" value={day} onChange={(e) => setDay(e.currentTarget.value)} error={fieldErrors.day} required />
          <SegmentedControl
            aria-label="类型"
            value={kind}
            onChange={(value) => setKind(value as CalendarKindName)}
            data={[
              { value: 'CLOSED', label: CALENDAR_KIND_LABELS.CLOSED },
              { value: 'EXTRA', label: CALENDAR_KIND_LABELS.EXTRA },
            ]}
          />
          <TextInput
            label="原因"
            value={reason}
            onChange={(e) => setReason(e.currentTarget.value)}
            error={fieldErrors.reason}
            required
            maxLength={500}
            miw={240}
          />
          <Button type="submit" loading={mutation.isPending} color={kind === 'CLOSED' ? 'red' : 'blue'}>
            添加
          </Button>
        </Group>
        {kind === 'CLOSED' ? (
          <Text size="xs" c="dimmed">
            休市当天已生成、尚未截止的期号将被撤单，未结算注单全部退款。
          </Text>
        ) : null}
        {mutation.error && !fieldShown ? <Alert color="red">{errorMessage(mutation.error)}</Alert> : null}
        {mutation.isSuccess ? (
          <Alert color="green">
            已添加 {mutation.data.day} {CALENDAR_KIND_LABELS[mutation.data.kind]}
            {mutation.data.cancelledIssues.length > 0 ? `，撤单 ${mutation.data.cancelledIssues.length} 期，退款 ${mutation.data.refunded} 笔` : ''}。
          </Alert>
        ) : null}
      </Stack>
    </form>
  );
}

function RemoveDayButton({ drawType, day }: { drawType: string; day: string }) {
  const queryClient = useQueryClient();
  const [reason, setReason] = useState('');
  const [open, setOpen] = useState(false);
  const [reasonError, setReasonError] = useState<string | undefined>();
  const mutation = useMutation({
    mutationFn: () => boSend('DELETE', DRAWS_ADMIN_PATHS.drawCalendarDay(drawType, day), { reason: reason.trim() }, CalendarChangeAnswerSchema),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: DRAWS_KEY }),
    onError: (error) => setReasonError(error instanceof ApiError ? error.fields.reason : undefined),
  });
  if (!open) {
    return (
      <Button size="xs" variant="default" onClick={() => setOpen(true)}>
        删除
      </Button>
    );
  }
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!isReasonValid(reason)) {
      setReasonError(REASON_MESSAGE);
      return;
    }
    setReasonError(undefined);
    mutation.mutate();
  };
  return (
    <form onSubmit={submit} noValidate aria-label={`删除 ${day}`}>
      <Stack gap={4}>
        <Group gap="xs" align="start">
          <TextInput size="xs" placeholder="删除原因" value={reason} onChange={(e) => setReason(e.currentTarget.value)} error={reasonError} maxLength={500} />
          <Button size="xs" type="submit" color="red" loading={mutation.isPending}>
            确认删除
          </Button>
          <Button size="xs" variant="default" onClick={() => setOpen(false)}>
            取消
          </Button>
        </Group>
        {mutation.error && !reasonError ? (
          <Text size="xs" c="red">
            {errorMessage(mutation.error)}
          </Text>
        ) : null}
      </Stack>
    </form>
  );
}

export function ClosedDaysCard({ drawType }: { drawType: string }) {
  const { can } = useOperator();
  const { data, error, isPending } = useQuery(drawCalendarQuery(drawType));
  if (isPending) return <Loader size="sm" aria-label="加载中" />;
  if (error)
    return (
      <Alert color="red" title="休市日历加载失败">
        {errorMessage(error)}
      </Alert>
    );
  const mayEdit = data.editable && can('draws.cancel');
  return (
    <Card withBorder aria-label="休市日历">
      <Stack gap="sm">
        <Title order={4}>休市日历</Title>
        <Text size="sm" c="dimmed">
          {data.editable
            ? `默认排期之外的休市日（如春节休市）与加开日。${NUMBERING_HINT[data.numbering]}`
            : data.calendarOf !== data.drawType
              ? `本彩种按 ${data.calendarOf} 的开奖结果开奖，沿用 ${data.calendarOf} 的休市日历。`
              : '平台彩种按平台排期开奖，不设休市日。'}
        </Text>
        {data.days.length > 0 ? (
          <Table>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>日期</Table.Th>
                <Table.Th>类型</Table.Th>
                <Table.Th>原因</Table.Th>
                <Table.Th>录入人</Table.Th>
                <Table.Th>录入时间</Table.Th>
                {mayEdit ? <Table.Th /> : null}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.days.map((d) => (
                <Table.Tr key={d.day} data-testid="calendar-day">
                  <Table.Td>{d.day}</Table.Td>
                  <Table.Td>
                    <TextBadge color={d.kind === 'CLOSED' ? 'red' : 'blue'} variant="light">
                      {CALENDAR_KIND_LABELS[d.kind]}
                    </TextBadge>
                  </Table.Td>
                  <Table.Td>{d.reason}</Table.Td>
                  <Table.Td>{d.createdBy}</Table.Td>
                  <Table.Td>{beijingTime(d.createdAt)}</Table.Td>
                  {mayEdit ? <Table.Td>{d.day >= data.today ? <RemoveDayButton drawType={data.calendarOf} day={d.day} /> : null}</Table.Td> : null}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        ) : data.editable || data.calendarOf !== data.drawType ? (
          <Text size="sm">没有录入休市日或加开日。</Text>
        ) : null}
        {mayEdit ? <AddDayForm drawType={drawType} /> : null}
      </Stack>
    </Card>
  );
}
