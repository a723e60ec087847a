import { Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { formatAge } from '../../../lib/relative-time.ts';

/** "5分钟前的数据": how old last-known data is (decisions §7). */
export function dataAgeText(fetchedAt: number, now: number = Date.now()): string {
  return `${formatAge(fetchedAt, now)}的数据`;
}

const AGE_REFRESH_MS = 30_000;

/** The age of offline data, kept current while the page stays open. */
export function LastKnownAge({ fetchedAt, testId = 'last-known-age' }: { fetchedAt: number; testId?: string }) {
  const [now, setNow] = useState(Date.now);
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), AGE_REFRESH_MS);
    return () => clearInterval(timer);
  }, []);
  return (
    <Text size="xs" className="jl-warning jl-nowrap" data-testid={testId}>
      最后已知 · {dataAgeText(fetchedAt, now)}
    </Text>
  );
}
