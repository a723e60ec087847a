// A link's URL on a chosen domain, with its QR code and a copy button.
import { Button, Group, NativeSelect, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { registrationUrl } from '../../../../shared/api/agent-links.ts';
import { copyText } from './copy-text.ts';
import { QrCode } from './QrCode.tsx';
import { useLinkOrigins } from './use-link-origins.ts';

export function LinkShare({ linkId }: { linkId: string }) {
  const origins = useLinkOrigins();
  const [chosen, setChosen] = useState<string | null>(null);
  const origin = chosen !== null && origins.includes(chosen) ? chosen : origins[0]!;
  const url = registrationUrl(origin, linkId);
  return (
    <Stack gap="xs" align="center" data-testid="link-share">
      {origins.length > 1 && (
        <NativeSelect label="推广域名" data={origins} value={origin} onChange={(event) => setChosen(event.currentTarget.value)} w="100%" />
      )}
      <QrCode text={url} label={`注册链接二维码：${url}`} />
      <Text size="sm" style={{ wordBreak: 'break-all' }} ta="center" data-testid="link-url">
        {url}
      </Text>
      <Group>
        <Button size="sm" onClick={() => void copyText(url, '链接')} data-testid="copy-link">
          复制链接
        </Button>
      </Group>
    </Stack>
  );
}
