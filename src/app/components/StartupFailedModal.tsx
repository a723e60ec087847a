import { StaticDialog } from './StaticDialog.tsx';

/** Spec §4/§8: startup failed; the dialog cannot be closed, only the page refreshed. */
export function StartupFailedModal() {
  return (
    <StaticDialog
      title="加载失败"
      message="因网络问题，页面加载失败，请刷新页面"
      actionLabel="刷新"
      onAction={() => window.location.reload()}
      testId="startup-failed"
    />
  );
}
