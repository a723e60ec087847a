import { Alert, Button, Group, Modal, Select, Stack, Text, Textarea } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { ChangeRoleBodySchema, type OperatorListItem } from '../../../../shared/backoffice/auth.ts';
import { OPERATOR_ROLE_LABELS, type OperatorRole } from '../../../../shared/backoffice/permissions.ts';
import { formFailure } from '../../../lib/forms.ts';
import { changeRole } from '../core-api.ts';
import { ROLE_OPTIONS } from './CreateOperatorModal.tsx';

interface Values {
  role: OperatorRole;
  reason: string;
}

export function ChangeRoleModal({ operator, onClose, onChanged }: { operator: OperatorListItem; onClose: () => void; onChanged: () => void }) {
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<Values>({ initialValues: { role: operator.role, reason: '' }, validate: schemaResolver(ChangeRoleBodySchema, { sync: true }) });
  const save = useMutation({
    mutationFn: (values: Values) => changeRole(operator.id, values.role, values.reason),
    onSuccess: () => {
      onChanged();
      onClose();
    },
    onError: (error) => {
      const { fields, message } = formFailure(error, ['role', 'reason']);
      form.setErrors(fields);
      setFailure(message);
    },
  });
  return (
    <Modal opened onClose={onClose} title="修改角色" closeButtonProps={{ 'aria-label': '关闭' }}>
      <form noValidate onSubmit={form.onSubmit((values) => save.mutate(values))}>
        <Stack gap="md">
          <Text size="sm">
            {operator.displayName}（{operator.username}），当前角色：{OPERATOR_ROLE_LABELS[operator.role]}
          </Text>
          {failure && (
            <Alert color="red" role="alert">
              {failure}
            </Alert>
          )}
          <Select label="新角色" data={ROLE_OPTIONS} allowDeselect={false} {...form.getInputProps('role')} />
          <Textarea label="原因" description="将记录在审计日志中" autosize minRows={2} {...form.getInputProps('reason')} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              取消
            </Button>
            <Button type="submit" loading={save.isPending}>
              保存
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
