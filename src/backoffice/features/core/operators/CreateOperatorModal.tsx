import { Alert, Button, Group, Modal, PasswordInput, Select, Stack, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { CreateOperatorBodySchema, type CreatedOperator } from '../../../../shared/backoffice/auth.ts';
import { OPERATOR_ROLE_LABELS, OPERATOR_ROLES, type OperatorRole } from '../../../../shared/backoffice/permissions.ts';
import { formFailure } from '../../../lib/forms.ts';
import { createOperator } from '../core-api.ts';

export const ROLE_OPTIONS = OPERATOR_ROLES.map((role) => ({ value: role, label: OPERATOR_ROLE_LABELS[role] }));

interface Values {
  username: string;
  displayName: string;
  role: OperatorRole | '';
  password: string;
}
const FIELDS = ['username', 'displayName', 'role', 'password'] as const;

/** An empty password field means: let the server make one up. */
function toBody(values: Values) {
  return { username: values.username, displayName: values.displayName, role: values.role, ...(values.password === '' ? {} : { password: values.password }) };
}

const resolver = schemaResolver(CreateOperatorBodySchema, { sync: true });

export function CreateOperatorModal({ opened, onClose, onCreated }: { opened: boolean; onClose: () => void; onCreated: (created: CreatedOperator) => void }) {
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<Values>({
    initialValues: { username: '', displayName: '', role: '', password: '' },
    validate: (values) => resolver(toBody(values) as never),
  });
  const close = () => {
    form.reset();
    setFailure(null);
    onClose();
  };
  const create = useMutation({
    mutationFn: (values: Values) => createOperator(CreateOperatorBodySchema.parse(toBody(values))),
    onSuccess: (created) => {
      close();
      onCreated(created);
    },
    onError: (error) => {
      const { fields, message } = formFailure(error, FIELDS);
      form.setErrors(fields);
      setFailure(message);
    },
  });
  return (
    <Modal opened={opened} onClose={close} title="新建操作员" closeButtonProps={{ 'aria-label': '关闭' }}>
      <form
        noValidate
        onSubmit={form.onSubmit((values) => {
          setFailure(null);
          create.mutate(values);
        })}
      >
        <Stack gap="md">
          {failure && (
            <Alert color="red" role="alert">
              {failure}
            </Alert>
          )}
          <TextInput label="用户名" description="3-32 位字母、数字或下划线，登录时使用" autoComplete="off" data-autofocus {...form.getInputProps('username')} />
          <TextInput label="显示名称" {...form.getInputProps('displayName')} />
          <Select label="角色" placeholder="请选择角色" data={ROLE_OPTIONS} allowDeselect={false} {...form.getInputProps('role')} />
          <PasswordInput label="初始密码" description="留空则由系统生成" autoComplete="new-password" {...form.getInputProps('password')} />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              取消
            </Button>
            <Button type="submit" loading={create.isPending}>
              创建
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
