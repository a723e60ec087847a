// What a report page shows around its table while the answer is on its way or failed.
import { Alert, Loader } from '@mantine/core';
import { ApiError } from '../../lib/api.ts';
import { errorMessage } from '../../../app/lib/api/errors.ts';

export function fieldErrorsOf(error: unknown): Readonly<Record<string, string>> {
  return error instanceof ApiError ? error.fields : {};
}

export function ReportQueryState({ isPending, error }: { isPending: boolean; error: unknown }) {
  if (error) {
    return (
      <Alert color="red" title="查询失败" role="alert">
        {errorMessage(error)}
      </Alert>
    );
  }
  return isPending ? <Loader aria-label="加载中" /> : null;
}
