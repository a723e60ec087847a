import { toastError, toastSuccess } from '../../../lib/notify.ts';

/** Copies `text`; when the browser refuses, the text is shown so it can be copied by hand. */
export async function copyText(text: string, what: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
    toastSuccess(`${what}复制成功`);
  } catch {
    toastError(`复制失败，请手动复制：${text}`);
  }
}
