// A report table: its rows a page at a time, the totals row always shown at the foot.
import { Group, Pagination, ScrollArea, Table, Text } from '@mantine/core';
import { useState, type ReactNode } from 'react';

export interface Column<Row> {
  key: string;
  header: string;
  cell(row: Row): ReactNode;
  numeric?: boolean;
}

interface Props<Row> {
  caption: string;
  columns: readonly Column<Row>[];
  rows: readonly Row[];
  rowKey(row: Row): string;
  total?: Row;
  totalLabel?: string;
  pageSize?: number;
  /** Server-side paging: the page shown and how many pages there are. */
  paging?: { page: number; pages: number; onChange(page: number): void };
}

export function ReportTable<Row>({ caption, columns, rows, rowKey, total, totalLabel = '合计', pageSize = 31, paging }: Props<Row>) {
  const [localPage, setLocalPage] = useState(1);
  const pages = paging ? paging.pages : Math.max(1, Math.ceil(rows.length / pageSize));
  const page = paging ? paging.page : Math.min(localPage, pages);
  const shown = paging ? rows : rows.slice((page - 1) * pageSize, page * pageSize);
  const align = (column: Column<Row>) => (column.numeric ? 'right' : 'left');

  return (
    <>
      <ScrollArea type="auto">
        <Table striped highlightOnHover withTableBorder stickyHeader miw={900} aria-label={caption}>
          <Table.Thead>
            <Table.Tr>
              {columns.map((c) => (
                <Table.Th key={c.key} style={{ textAlign: align(c), whiteSpace: 'nowrap' }}>
                  {c.header}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {shown.length === 0 && (
              <Table.Tr>
                <Table.Td colSpan={columns.length}>
                  <Text c="dimmed" ta="center">
                    暂无数据
                  </Text>
                </Table.Td>
              </Table.Tr>
            )}
            {shown.map((row) => (
              <Table.Tr key={rowKey(row)}>
                {columns.map((c) => (
                  <Table.Td key={c.key} style={{ textAlign: align(c), whiteSpace: 'nowrap' }}>
                    {c.cell(row)}
                  </Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
          {total && (
            <Table.Tfoot>
              <Table.Tr fw={700} data-testid="report-total">
                {columns.map((c, index) => (
                  <Table.Td key={c.key} style={{ textAlign: align(c), whiteSpace: 'nowrap' }}>
                    {index === 0 ? totalLabel : c.cell(total)}
                  </Table.Td>
                ))}
              </Table.Tr>
            </Table.Tfoot>
          )}
        </Table>
      </ScrollArea>
      {pages > 1 && (
        <Group justify="flex-end" mt="sm">
          <Pagination total={pages} value={page} onChange={paging ? paging.onChange : setLocalPage} aria-label={`${caption}分页`} />
        </Group>
      )}
    </>
  );
}
