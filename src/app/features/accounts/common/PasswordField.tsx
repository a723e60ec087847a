import { PasswordInput, type PasswordInputProps } from '@mantine/core';

/** A password input with the Chinese label on its visibility toggle. */
export function PasswordField(props: PasswordInputProps) {
  return <PasswordInput visibilityToggleButtonProps={{ 'aria-label': '显示或隐藏密码' }} {...props} />;
}
