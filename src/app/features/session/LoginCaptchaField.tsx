import { Alert, Button, Skeleton, Stack, Text } from '@mantine/core';
import { CaptchaField } from '../accounts/register/CaptchaField.tsx';
import { RECAPTCHA_UNAVAILABLE_MESSAGE } from '../accounts/register/use-recaptcha.ts';
import type { LoginCaptcha } from './use-login-captcha.ts';

/** The login form's captcha, once the typed name needs one: the image to type, or reCAPTCHA's note. */
export function LoginCaptchaField({ captcha }: { captcha: LoginCaptcha }) {
  if (!captcha.needed) return null;
  if (captcha.configFailed) return <Unavailable title="验证码不可用" message="验证码加载失败，请检查网络后重试" onRetry={captcha.retryConfig} />;
  if (captcha.kind === 'image') {
    return (
      <CaptchaField
        captcha={captcha.image}
        onRefresh={captcha.refresh}
        name="captcha"
        value={captcha.answer}
        onChange={(event) => captcha.setAnswer(event.currentTarget.value)}
        description="多次登录失败，请输入验证码"
      />
    );
  }
  if (captcha.kind === 'recaptcha') {
    if (captcha.recaptchaStatus === 'unavailable') return <Unavailable title="人机验证不可用" message={`${RECAPTCHA_UNAVAILABLE_MESSAGE}，暂时无法登录。`} onRetry={captcha.retryRecaptcha} />;
    return (
      <Text size="xs" c="dimmed" data-testid="login-recaptcha-note" data-status={captcha.recaptchaStatus}>
        {captcha.recaptchaStatus === 'ready' ? '多次登录失败，本次登录受 reCAPTCHA 人机验证保护' : '正在加载人机验证…'}
      </Text>
    );
  }
  return <Skeleton height={40} />;
}

function Unavailable({ title, message, onRetry }: { title: string; message: string; onRetry: () => void }) {
  return (
    <Alert color="orange" title={title} data-testid="login-captcha-unavailable">
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{message}</Text>
        <Button size="xs" variant="light" onClick={onRetry}>
          重试
        </Button>
      </Stack>
    </Alert>
  );
}
