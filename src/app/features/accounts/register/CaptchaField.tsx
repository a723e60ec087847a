import { Group, Skeleton, TextInput, UnstyledButton, type TextInputProps } from '@mantine/core';
import type { Captcha } from '../../../../shared/api/accounts.ts';

interface CaptchaFieldProps extends TextInputProps {
  captcha: Captcha | undefined;
  onRefresh: () => void;
}

/** The image captcha: 4 characters typed from the picture; clicking the picture draws a new one. */
export function CaptchaField({ captcha, onRefresh, ...inputProps }: CaptchaFieldProps) {
  return (
    <Group gap="xs" align="flex-end" wrap="nowrap">
      <TextInput label="验证码" maxLength={4} autoComplete="off" style={{ flex: 1 }} {...inputProps} />
      <UnstyledButton onClick={onRefresh} aria-label="看不清，换一张" title="看不清，换一张" data-testid="captcha-refresh">
        {captcha ? (
          <img src={captcha.image} alt="验证码图片" width={120} height={40} data-testid="captcha-image" data-captcha-id={captcha.id} />
        ) : (
          <Skeleton width={120} height={40} />
        )}
      </UnstyledButton>
    </Group>
  );
}
