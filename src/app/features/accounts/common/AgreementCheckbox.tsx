import { Anchor, Checkbox, type CheckboxProps } from '@mantine/core';

/** “我已阅读并同意《用户协议》”, the agreement opening in a new tab so the form keeps its input. */
export function AgreementCheckbox(props: CheckboxProps) {
  return (
    <Checkbox
      {...props}
      label={
        <>
          我已阅读并同意
          <Anchor href="/help/terms" target="_blank" rel="noopener" inherit>
            《用户协议》
          </Anchor>
        </>
      }
    />
  );
}
