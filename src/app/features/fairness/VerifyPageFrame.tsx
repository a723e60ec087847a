import { Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** The verification pages' common heading and the promise they make. */
export function VerifyPageFrame({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap="md" maw={860} mx="auto" data-testid="verify-page">
      <Title order={1} size="h2">
        {title}
      </Title>
      <Text size="sm">
        开奖号码只取决于开售前已承诺的种子与公开的计算规则，与任何投注无关；种子在开奖后才公开，事先公布的承诺无法反推出种子。本页用与服务器完全相同的代码，在您的浏览器中逐项核对公布的数据并重新计算开奖号码；填好数据后无需联网，也可以粘贴您自己记录的数据进行验证。
      </Text>
      {children}
    </Stack>
  );
}
