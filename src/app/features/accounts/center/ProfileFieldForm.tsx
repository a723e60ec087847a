import { Button, Group, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import type { z } from 'zod';
import { CustomerInfoSchema } from '../../../../shared/api/accounts.ts';
import { apiPut } from '../../../lib/api/client.ts';
import { serverFieldErrors, toastFirstFormError } from '../common/form-errors.ts';
import { applyCustomerInfo, useAccountAction } from '../common/use-account-action.ts';

export interface ProfileFieldFormProps {
  /** The body's one field: alias, qq, wechat, birthday. */
  field: string;
  label: string;
  path: string;
  schema: z.ZodType;
  initial: string;
  description?: string;
  placeholder?: string;
  type?: 'text' | 'date';
}

/** A profile field saved on its own (`PUT {path} { [field] }`), answered with the new profile. */
export function ProfileFieldForm({ field, label, path, schema, initial, description, placeholder, type = 'text' }: ProfileFieldFormProps) {
  const form = useForm<Record<string, string>>({ initialValues: { [field]: initial }, validate: schemaResolver(schema, { sync: true }) });
  const save = useAccountAction((body: Record<string, string>) => apiPut(path, body, CustomerInfoSchema), {
    success: `${label}已保存`,
    onDone: (info, queryClient) => applyCustomerInfo(queryClient, info),
  });
  const submit = (values: Record<string, string>) =>
    save.mutate(
      { [field]: (values[field] ?? '').trim() },
      { onError: (error) => form.setErrors(serverFieldErrors(error)) },
    );
  return (
    <form onSubmit={form.onSubmit(submit, toastFirstFormError)} noValidate data-testid={`profile-form-${field}`}>
      <Group gap="xs" align="flex-end" wrap="nowrap">
        <TextInput
          label={label}
          type={type}
          description={description}
          placeholder={placeholder}
          style={{ flex: 1 }}
          {...form.getInputProps(field)}
        />
        <Button type="submit" loading={save.isPending}>
          保存
        </Button>
      </Group>
    </form>
  );
}
