import { Button, Group, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import { Dialog } from '../../../components/Dialog.tsx';
import { toastError, toastSuccess } from '../../../lib/notify.ts';
import { preferences, PreferenceValidationError } from '../../../lib/preferences/store.ts';
import { usePreference } from '../../../lib/preferences/use-preference.ts';
import { parseChipSlot } from './chips.ts';

/** The five chip amounts, each empty (its default) or a whole amount (spec §3.4 boardChips). */
export default function ChipSettings({ onClose }: { onClose: () => void }) {
  const [stored] = usePreference('boardChips');
  const [texts, setTexts] = useState(stored.map((v) => (v === null ? '' : String(v))));
  const checks = texts.map(parseChipSlot);
  const save = () => {
    if (!checks.every((c) => c.ok)) return;
    try {
      preferences.set('boardChips', checks.map((c) => (c.ok ? c.value : null)));
      toastSuccess('筹码已保存');
      onClose();
    } catch (error) {
      if (error instanceof PreferenceValidationError) toastError(error.message);
      else throw error;
    }
  };
  return (
    <Dialog opened onClose={onClose} title="设置筹码" size="sm" testId="chip-settings">
      <Stack gap="xs">
        {texts.map((text, i) => (
          <TextInput
            key={i}
            label={`筹码 ${i + 1}（元，留空使用默认值）`}
            inputMode="numeric"
            value={text}
            error={checks[i]?.ok === false ? checks[i].message : undefined}
            onChange={(event) => {
              const value = event.currentTarget.value;
              setTexts((previous) => previous.map((t, j) => (j === i ? value : t)));
            }}
          />
        ))}
        <Group justify="flex-end" mt="sm">
          <Button variant="default" onClick={onClose}>
            取消
          </Button>
          <Button onClick={save} disabled={!checks.every((c) => c.ok)}>
            保存
          </Button>
        </Group>
      </Stack>
    </Dialog>
  );
}
