import '@mantine/core/styles/Pagination.css';
import { Group, Pagination, Text } from '@mantine/core';

/** 共 N 条 and the page buttons, with Chinese labels. */
export function TeamPager({ total, page, pageSize, onPage, testId }: { total: number; page: number; pageSize: number; onPage: (page: number) => void; testId: string }) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  return (
    <Group justify="space-between" wrap="wrap" gap="xs">
      <Text size="sm" c="dimmed" data-testid={`${testId}-total`}>
        共 {total} 条
      </Text>
      {pages > 1 && (
        <Pagination
          total={pages}
          value={page}
          onChange={onPage}
          size="sm"
          siblings={1}
          getControlProps={(control) => ({ 'aria-label': control === 'previous' ? '上一页' : control === 'next' ? '下一页' : control === 'first' ? '第一页' : '最后一页' })}
          getItemProps={(item) => ({ 'aria-label': `第 ${item} 页` })}
          data-testid={`${testId}-pagination`}
        />
      )}
    </Group>
  );
}
