import { Button, Group, NativeSelect, SimpleGrid, Stack } from '@mantine/core';
import { useMemo, useState } from 'react';
import { verifyInstantDraw } from '../../../shared/draws/index.ts';
import { drawTypeOptions } from '../orders/draw-type-options.ts';
import { useVerification } from './use-verification.ts';
import { instantInput, type InstantFields } from './verification-inputs.ts';
import { VerificationField } from './VerificationField.tsx';
import { VerificationReport } from './VerificationReport.tsx';

/** Instant (秒开) orders: server seed (revealed on rotation), its hash shown before the bet, client seed, nonce. */
export function InstantVerification({ initial }: { initial: InstantFields }) {
  const [fields, setFields] = useState(initial);
  const state = useVerification(instantInput(fields), verifyInstantDraw);
  const options = useMemo(() => drawTypeOptions((info) => info.instant), []);
  const set = (key: keyof InstantFields) => (value: string) => setFields((previous) => ({ ...previous, [key]: value }));
  const edited = JSON.stringify(fields) !== JSON.stringify(initial);
  return (
    <Stack gap="md">
      <form onSubmit={(event) => event.preventDefault()} aria-label="验证数据">
        <Stack gap="sm">
          <NativeSelect label="彩种" data={options} value={fields.drawType} onChange={(event) => set('drawType')(event.currentTarget.value)} name="drawType" data-testid="verify-drawType" />
          <VerificationField label="服务器种子" description="更换种子后公开，64 位十六进制" name="serverSeed" value={fields.serverSeed} onChange={set('serverSeed')} monospace />
          <VerificationField label="服务器种子哈希" description="下注前公布的 SHA-256(服务器种子)" name="serverSeedHash" value={fields.serverSeedHash} onChange={set('serverSeedHash')} monospace />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <VerificationField label="客户端种子" description="您设定的种子" name="clientSeed" value={fields.clientSeed} onChange={set('clientSeed')} monospace />
            <VerificationField label="随机数" description="同一服务器种子的第几注，从 0 起" name="nonce" value={fields.nonce} onChange={set('nonce')} monospace />
          </SimpleGrid>
          <VerificationField label="公布的开奖号码" description="按开出顺序，用逗号分隔" name="publishedResult" value={fields.publishedResult} onChange={set('publishedResult')} />
          {edited && (
            <Group justify="flex-end">
              <Button variant="default" size="xs" onClick={() => setFields(initial)}>
                恢复本单数据
              </Button>
            </Group>
          )}
        </Stack>
      </form>
      <VerificationReport state={state} />
    </Stack>
  );
}
