// The recovery codes, shown this once (the server keeps only their hashes): copy or download them,
// and confirm they are kept before going on.
import { Alert, Button, Checkbox, Code, Group, SimpleGrid, Stack } from '@mantine/core';
import { useState } from 'react';

export function recoveryCodesText(codes: readonly string[]): string {
  return ['锦鲤运营后台 恢复码（每个只能使用一次，请妥善保管）', '', ...codes, ''].join('\n');
}

function download(codes: readonly string[]): void {
  const url = URL.createObjectURL(new Blob([recoveryCodesText(codes)], { type: 'text/plain;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = 'jinli-backoffice-recovery-codes.txt';
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

export function RecoveryCodesStep({ codes, onDone }: { codes: readonly string[]; onDone: () => void }) {
  const [kept, setKept] = useState(false);
  const [copied, setCopied] = useState<boolean | null>(null);
  const copy = () =>
    navigator.clipboard.writeText(recoveryCodesText(codes)).then(
      () => setCopied(true),
      () => setCopied(false),
    );
  return (
    <Stack gap="md">
      <Alert color="red" title="恢复码只显示这一次">
        手机丢失或无法使用身份验证器时，可用恢复码代替动态验证码登录，每个恢复码只能使用一次。请现在复制或下载并妥善保存。
      </Alert>
      <SimpleGrid cols={2} spacing="xs" data-testid="recovery-codes">
        {codes.map((code) => (
          <Code key={code} fz="md" ta="center" py={4}>
            {code}
          </Code>
        ))}
      </SimpleGrid>
      <Group gap="sm">
        <Button variant="default" onClick={() => void copy()}>
          {copied ? '已复制' : '复制'}
        </Button>
        <Button variant="default" onClick={() => download(codes)}>
          下载
        </Button>
      </Group>
      {copied === false && <Alert color="red">无法写入剪贴板，请下载或手动抄写。</Alert>}
      <Checkbox label="我已妥善保存以上恢复码" checked={kept} onChange={(event) => setKept(event.currentTarget.checked)} />
      <Button onClick={onDone} disabled={!kept} fullWidth>
        进入运营后台
      </Button>
    </Stack>
  );
}
