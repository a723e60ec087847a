import { TextInput } from '@mantine/core';

/** One pasteable value of the verification form; hex and seeds read best in a monospace font. */
export function VerificationField({
  label,
  description,
  value,
  onChange,
  name,
  monospace = false,
}: {
  label: string;
  description?: string;
  value: string;
  onChange: (value: string) => void;
  name: string;
  monospace?: boolean;
}) {
  return (
    <TextInput
      label={label}
      description={description}
      value={value}
      name={name}
      onChange={(event) => onChange(event.currentTarget.value)}
      spellCheck={false}
      autoComplete="off"
      autoCapitalize="off"
      styles={monospace ? { input: { fontFamily: 'var(--mantine-font-family-monospace)', fontSize: 13 } } : undefined}
      data-testid={`verify-${name}`}
    />
  );
}
