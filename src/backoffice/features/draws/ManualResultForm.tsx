// 人工录入 / 更正开奖结果: the entry is only a request — the issue is drawn (or the correction
// re-settled) when a second operator approves it in the approval queue.
import { Alert, Button, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import {
  DRAWS_ADMIN_PATHS,
  ManualResultAnswerSchema,
  parseResultText,
  isReasonValid,
  REASON_MESSAGE,
  resultFormatHint,
  resultProblem,
} from '../../../shared/backoffice/draws.ts';
import { ApiError, boSend } from '../../lib/api.ts';
import { errorMessage } from '../../../app/lib/api/errors.ts';
import { resultText } from './labels.ts';
import { DRAWS_KEY } from './queries.ts';

interface Props {
  drawType: string;
  issueNumber: string;
  /** The issue's result as shown: null for a first entry, else the result a correction replaces. */
  current: number[] | null;
  /** Told the approval's id once the request is queued (this form is then replaced by the pending request). */
  onSubmitted: (approvalId: number) => void;
}

type Fields = Partial<Record<'result' | 'reason', string>>;

export function ManualResultForm({ drawType, issueNumber, current, onSubmitted }: Props) {
  const queryClient = useQueryClient();
  const [text, setText] = useState('');
  const [reason, setReason] = useState('');
  const [fields, setFields] = useState<Fields>({});
  const isCorrection = current !== null;
  const mutation = useMutation({
    mutationFn: (body: { result: number[]; reason: string; replaces: number[] | null }) =>
      boSend('POST', DRAWS_ADMIN_PATHS.result(drawType, issueNumber), body, ManualResultAnswerSchema),
    onSuccess: (answer) => {
      setText('');
      setReason('');
      onSubmitted(answer.approvalId);
      void queryClient.invalidateQueries({ queryKey: DRAWS_KEY });
    },
    onError: (error) => {
      if (error instanceof ApiError) setFields({ result: error.fields.result, reason: error.fields.reason });
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    mutation.reset();
    const result = parseResultText(text);
    const problems: Fields = {};
    if (result === null) problems.result = `请输入开奖号码：${resultFormatHint(drawType)}，用逗号或空格分隔`;
    else problems.result = resultProblem(drawType, result) ?? undefined;
    if (!isReasonValid(reason)) problems.reason = REASON_MESSAGE;
    setFields(problems);
    if (result === null || problems.result || problems.reason) return;
    mutation.mutate({ result, reason: reason.trim(), replaces: current });
  };

  const serverMessage = mutation.error && !(mutation.error instanceof ApiError && (mutation.error.fields.result || mutation.error.fields.reason)) ? errorMessage(mutation.error) : null;
  return (
    <form onSubmit={submit} noValidate aria-label={isCorrection ? '更正开奖结果' : '人工录入开奖结果'}>
      <Stack gap="sm">
        <Title order={4}>{isCorrection ? '更正开奖结果' : '人工录入开奖结果'}</Title>
        <Text size="sm" c="dimmed">
          {isCorrection
            ? `当前结果 ${resultText(current)}。更正经另一位操作员审批后生效，已结算的注单按新结果重新结算。`
            : '录入后须由另一位操作员在审批队列中确认，确认后本期才开奖并结算。'}
        </Text>
        <TextInput
          label="开奖号码"
          description={`${resultFormatHint(drawType)}，用逗号或空格分隔`}
          value={text}
          onChange={(e) => setText(e.currentTarget.value)}
          error={fields.result}
          required
        />
        <Textarea label="原因" value={reason} onChange={(e) => setReason(e.currentTarget.value)} error={fields.reason} required autosize minRows={2} maxLength={500} />
        {serverMessage ? <Alert color="red">{serverMessage}</Alert> : null}
        <Button type="submit" loading={mutation.isPending} w="fit-content">
          {isCorrection ? '提交更正' : '提交录入'}
        </Button>
      </Stack>
    </form>
  );
}
