// Downloads a report table as CSV: a plain link the browser fetches with the operator's cookie.
import { Button } from '@mantine/core';

export function CsvButton({ href, label = '导出 CSV' }: { href: string; label?: string }) {
  return (
    <Button component="a" href={href} download variant="default">
      {label}
    </Button>
  );
}
