// A table with paging, as every back-office list uses it: a horizontal scroll on narrow screens, an
// empty message, and the page count from the server's total.
import { Group, Pagination, ScrollArea, Table, Text } from '@mantine/core';
import type { ReactNode } from 'react';

export interface Column<Row> {
  key: string;
  title: string;
  render: (row: Row) => ReactNode;
  width?: number | string;
}

export interface PagedTableProps<Row> {
  columns: readonly Column<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string | number;
  total: number;
  page: number;
  pageSize: number;
  onPage: (page: number) => void;
  empty?: string;
  label: string;
}

export function PagedTable<Row>({ columns, rows, rowKey, total, page, pageSize, onPage, empty = '暂无数据', label }: PagedTableProps<Row>) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  return (
    <div>
      <ScrollArea type="auto">
        <Table striped highlightOnHover verticalSpacing="xs" miw={720} aria-label={label}>
          <Table.Thead>
            <Table.Tr>
              {columns.map((column) => (
                <Table.Th key={column.key} style={column.width ? { width: column.width } : undefined}>
                  {column.title}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.length === 0 ? (
              <Table.Tr>
                <Table.Td colSpan={columns.length}>
                  <Text c="dimmed" ta="center" py="md">
                    {empty}
                  </Text>
                </Table.Td>
              </Table.Tr>
            ) : (
              rows.map((row) => (
                <Table.Tr key={rowKey(row)}>
                  {columns.map((column) => (
                    <Table.Td key={column.key}>{column.render(row)}</Table.Td>
                  ))}
                </Table.Tr>
              ))
            )}
          </Table.Tbody>
        </Table>
      </ScrollArea>
      <Group justify="space-between" mt="sm">
        <Text size="sm" c="dimmed">
          共 {total} 条
        </Text>
        {pages > 1 && <Pagination total={pages} value={page} onChange={onPage} size="sm" aria-label="分页" />}
      </Group>
    </div>
  );
}
