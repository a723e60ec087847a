import { StaticDialog } from './StaticDialog.tsx';

/** Spec §8: the network error modal; "重试" loads the failed module again. */
export function NetworkErrorModal({ onRetry }: { onRetry: () => void }) {
  return <StaticDialog title="网络错误" message="因网络不稳定，页面内容加载失败，请稍后重试" actionLabel="重试" onAction={onRetry} testId="network-error" />;
}
