// The date range (and, for the daily report, draw type) of a report. Checked here with the same
// schema the server uses; the server's own field messages are shown the same way.
import { Button, Group, NativeSelect, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { ReportRangeQuerySchema } from '../../../shared/backoffice/reports.ts';
import { DRAW_TYPES } from '../../../shared/catalogue/draw-types.ts';
import type { RangeQuery } from './queries.ts';

interface Props {
  value: RangeQuery;
  onSubmit(range: RangeQuery): void;
  withDrawType?: boolean;
  /** Field messages of the server's last answer. */
  serverErrors?: Readonly<Record<string, string>>;
}

const DRAW_TYPE_OPTIONS = [{ value: '', label: '全部彩种' }, ...DRAW_TYPES.map((d) => ({ value: d.code, label: d.name }))];

export function RangeForm({ value, onSubmit, withDrawType = false, serverErrors = {} }: Props) {
  const [draft, setDraft] = useState<RangeQuery>(value);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const shown = { ...serverErrors, ...errors };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const candidate = { from: draft.from, to: draft.to, ...(draft.drawType ? { drawType: draft.drawType } : {}) };
    const checked = ReportRangeQuerySchema.safeParse(candidate);
    if (!checked.success) {
      const found: Record<string, string> = {};
      for (const issue of checked.error.issues) found[String(issue.path[0] ?? 'to')] ??= issue.message;
      setErrors(found);
      return;
    }
    setErrors({});
    onSubmit(candidate);
  };

  return (
    <form onSubmit={submit} noValidate aria-label="查询条件">
      <Group align="flex-start" wrap="wrap">
        <TextInput
          type="date"
          label="开始日期"
          value={draft.from}
          onChange={(e) => setDraft({ ...draft, from: e.currentTarget.value })}
          error={shown.from}
        />
        <TextInput
          type="date"
          label="结束日期"
          value={draft.to}
          onChange={(e) => setDraft({ ...draft, to: e.currentTarget.value })}
          error={shown.to}
        />
        {withDrawType && (
          <NativeSelect
            label="彩种"
            data={DRAW_TYPE_OPTIONS}
            value={draft.drawType ?? ''}
            onChange={(e) => setDraft({ ...draft, drawType: e.currentTarget.value || undefined })}
            error={shown.drawType}
          />
        )}
        <Button type="submit" mt={24}>
          查询
        </Button>
      </Group>
    </form>
  );
}
