import { useEffect, useState } from 'react';
import { DrawInputError, type DrawVerification } from '../../../shared/draws/index.ts';
import type { Parsed } from './verification-inputs.ts';

export type VerificationState =
  | { status: 'running' }
  | { status: 'done'; verification: DrawVerification }
  | { status: 'error'; message: string };

/**
 * Recomputes in the browser whenever the inputs change (WebCrypto, no server call). A slower earlier
 * run never overwrites a later one.
 */
export function useVerification<T>(input: Parsed<T>, verify: (input: T) => Promise<DrawVerification>): VerificationState {
  const [state, setState] = useState<VerificationState>({ status: 'running' });
  const key = JSON.stringify(input);
  useEffect(() => {
    const parsed = JSON.parse(key) as Parsed<T>;
    if (!parsed.ok) {
      setState({ status: 'error', message: parsed.message });
      return;
    }
    if (!globalThis.crypto?.subtle) {
      setState({ status: 'error', message: '此浏览器无法使用网页加密接口（需通过安全连接访问），不能在本机验证' });
      return;
    }
    let current = true;
    setState({ status: 'running' });
    verify(parsed.value).then(
      (verification) => current && setState({ status: 'done', verification }),
      (error: unknown) =>
        current && setState({ status: 'error', message: error instanceof DrawInputError ? error.message : '无法完成验证，请检查输入' }),
    );
    return () => {
      current = false;
    };
  }, [key, verify]);
  return state;
}
