import { Alert, Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { SignInPasswordBodySchema, type SignInPasswordBody, type SignInPasswordResponse } from '../../shared/backoffice/auth.ts';
import { formFailure } from '../lib/forms.ts';
import { signInWithPassword } from './sign-in-api.ts';

const FIELDS = ['username', 'password'] as const;

export function PasswordStep({ notice, onNext }: { notice: string | null; onNext: (answer: SignInPasswordResponse) => void }) {
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<SignInPasswordBody>({
    initialValues: { username: '', password: '' },
    validate: schemaResolver(SignInPasswordBodySchema, { sync: true }),
  });
  const submit = useMutation({
    mutationFn: signInWithPassword,
    onSuccess: onNext,
    onError: (error) => {
      const { fields, message } = formFailure(error, FIELDS);
      form.setErrors(fields);
      setFailure(message);
    },
  });
  return (
    <form
      noValidate
      onSubmit={form.onSubmit((values) => {
        setFailure(null);
        submit.mutate(values);
      })}
    >
      <Stack gap="md">
        {notice && !failure && <Alert color="blue">{notice}</Alert>}
        {failure && (
          <Alert color="red" role="alert">
            {failure}
          </Alert>
        )}
        <TextInput label="用户名" autoComplete="username" autoFocus {...form.getInputProps('username')} />
        <PasswordInput label="密码" autoComplete="current-password" {...form.getInputProps('password')} />
        <Button type="submit" loading={submit.isPending} fullWidth>
          下一步
        </Button>
      </Stack>
    </form>
  );
}
