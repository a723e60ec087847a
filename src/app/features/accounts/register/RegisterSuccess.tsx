import { Button, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import type { RegisteredAccount } from './RegisterForm.tsx';

/** Spec §4: 恭喜注册成功 with account, password and alias; 进入游戏 logs in with the one-time token. */
export function RegisterSuccess({ account, onEnterGame }: { account: RegisteredAccount; onEnterGame: () => Promise<void> }) {
  const [busy, setBusy] = useState(false);
  const enter = async () => {
    setBusy(true);
    try {
      await onEnterGame();
    } finally {
      setBusy(false);
    }
  };
  return (
    <Stack gap="md" data-testid="register-success">
      <Text>请牢记您的账号信息：</Text>
      <Table withTableBorder>
        <Table.Tbody>
          <Table.Tr>
            <Table.Th scope="row">账号</Table.Th>
            <Table.Td data-testid="registered-username">{account.username}</Table.Td>
          </Table.Tr>
          <Table.Tr>
            <Table.Th scope="row">密码</Table.Th>
            <Table.Td data-testid="registered-password">{account.password}</Table.Td>
          </Table.Tr>
          <Table.Tr>
            <Table.Th scope="row">昵称</Table.Th>
            <Table.Td data-testid="registered-alias">{account.alias}</Table.Td>
          </Table.Tr>
        </Table.Tbody>
      </Table>
      <Button loading={busy} onClick={() => void enter()} fullWidth>
        进入游戏
      </Button>
    </Stack>
  );
}
