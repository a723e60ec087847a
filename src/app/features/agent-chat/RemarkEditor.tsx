// The agent's remark and status on a member of its team (spec §5 chatRemarkAndStatus): at most 16
// characters of letters, digits, Chinese and spaces each; blank clears.
import { Button, Group, TextInput } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { RemarkSchema, type ChatContact } from '../../../shared/api/agent-chat.ts';
import { fieldErrors } from '../../../shared/validation/errors.ts';
import { toastError, toastSuccess } from '../../lib/notify.ts';
import { useOnline } from '../../lib/online.ts';
import { reportActionError } from '../accounts/common/action-error.ts';
import { CONTACTS_QUERY_KEY } from './chat-keys.ts';
import { saveRemark } from './chat-queries.ts';

export function RemarkEditor({ contact }: { contact: ChatContact }) {
  const queryClient = useQueryClient();
  const online = useOnline();
  const [remark, setRemark] = useState(contact.remark ?? '');
  const [status, setStatus] = useState(contact.status ?? '');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useMutation({
    mutationFn: saveRemark,
    onSuccess: () => {
      toastSuccess('备注已保存');
      void queryClient.invalidateQueries({ queryKey: CONTACTS_QUERY_KEY });
    },
    onError: reportActionError,
  });
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const problems = fieldErrors(RemarkSchema, { remark, status });
    setErrors(problems);
    const first = Object.values(problems)[0];
    if (first) return toastError(first);
    save.mutate({ memberId: contact.id, remark, status });
  };
  return (
    <form onSubmit={submit} noValidate aria-label="备注与状态">
      <Group gap="xs" align="flex-end" wrap="wrap">
        <TextInput
          label="备注"
          size="sm"
          maxLength={16}
          value={remark}
          error={errors.remark}
          onChange={(event) => setRemark(event.currentTarget.value)}
          style={{ flex: '1 1 120px' }}
          data-testid="chat-remark-input"
        />
        <TextInput
          label="状态"
          size="sm"
          maxLength={16}
          value={status}
          error={errors.status}
          onChange={(event) => setStatus(event.currentTarget.value)}
          style={{ flex: '1 1 120px' }}
          data-testid="chat-status-input"
        />
        <Button type="submit" variant="light" mih={44} disabled={!online} loading={save.isPending} data-testid="chat-remark-save">
          保存
        </Button>
      </Group>
    </form>
  );
}
