import { Button, FileButton, Group, SimpleGrid, Stack, Text, UnstyledButton } from '@mantine/core';
import { lazy, Suspense, useState } from 'react';
import {
  ACCOUNTS_PATHS,
  AvatarUploadResponseSchema,
  CustomerInfoSchema,
  type CustomerInfo,
} from '../../../../shared/api/accounts.ts';
import { AVATAR_MIME_TYPES, avatarFileProblem } from '../../../../shared/validation/index.ts';
import { apiGet, apiPost, apiPut } from '../../../lib/api/client.ts';
import { toastError } from '../../../lib/notify.ts';
import { applyCustomerInfo, useAccountAction } from '../common/use-account-action.ts';
import type { LoadedImage } from './AvatarCropper.tsx';
import { AvatarImage, PresetAvatarImage } from './AvatarImage.tsx';
import { PRESET_AVATARS, presetIndex } from './presets.ts';

const AvatarCropDialog = lazy(() => import('./AvatarCropDialog.tsx'));

function loadImage(file: File): Promise<LoadedImage> {
  const url = URL.createObjectURL(file);
  return new Promise((resolve, reject) => {
    const element = new Image();
    element.onload = () => resolve({ element, url, size: { width: element.naturalWidth, height: element.naturalHeight } });
    element.onerror = () => {
      URL.revokeObjectURL(url);
      reject(new Error('unreadable image'));
    };
    element.src = url;
  });
}

/** Spec §9 avatars: one of 30 presets, or an upload cropped to a 184×184 circle. */
export function AvatarSection({ info }: { info: CustomerInfo }) {
  const [image, setImage] = useState<LoadedImage | null>(null);
  const current = presetIndex(info.avatarImage);
  const choosePreset = useAccountAction((index: number) => apiPut(ACCOUNTS_PATHS.avatarPreset, { index }, CustomerInfoSchema), {
    success: '头像已更新',
    onDone: (result, queryClient) => applyCustomerInfo(queryClient, result),
  });
  const upload = useAccountAction(
    async (imageData: string) => {
      await apiPost(ACCOUNTS_PATHS.avatarUpload, { imageData }, AvatarUploadResponseSchema);
      return apiGet(ACCOUNTS_PATHS.info, CustomerInfoSchema);
    },
    {
      success: '头像已更新',
      onDone: (result, queryClient) => {
        applyCustomerInfo(queryClient, result);
        closeCropper();
      },
    },
  );

  const closeCropper = () => {
    if (image) URL.revokeObjectURL(image.url);
    setImage(null);
  };

  const pick = async (file: File | null) => {
    if (!file) return;
    const problem = avatarFileProblem(file);
    if (problem) return toastError(problem);
    try {
      setImage(await loadImage(file));
    } catch {
      toastError('无法读取该图片，请换一张');
    }
  };

  return (
    <Stack gap="sm" data-testid="avatar-section">
      <Group gap="md">
        <AvatarImage avatarImage={info.avatarImage} alias={info.alias} size={72} />
        <FileButton onChange={(file) => void pick(file)} accept={[...AVATAR_MIME_TYPES, '.jpg', '.jpeg', '.png'].join(',')}>
          {(props) => (
            <Button variant="light" {...props} data-testid="avatar-upload-button">
              上传头像
            </Button>
          )}
        </FileButton>
        <Text size="xs" c="dimmed">
          支持 JPG、JPEG、PNG，不超过 3MB
        </Text>
      </Group>
      <Text size="sm">或选择预设头像：</Text>
      <SimpleGrid cols={{ base: 6, sm: 10 }} spacing="xs" data-testid="avatar-presets">
        {PRESET_AVATARS.map((preset) => (
          <UnstyledButton
            key={preset.index}
            onClick={() => choosePreset.mutate(preset.index)}
            disabled={choosePreset.isPending}
            aria-pressed={current === preset.index}
            aria-label={`选择 ${preset.index} 号头像`}
            style={{ borderRadius: '50%', outline: current === preset.index ? '3px solid var(--mantine-color-blue-6)' : undefined }}
            data-testid={`avatar-preset-${preset.index}`}
          >
            <PresetAvatarImage index={preset.index} size={40} />
          </UnstyledButton>
        ))}
      </SimpleGrid>
      {image && (
        <Suspense fallback={null}>
          <AvatarCropDialog image={image} busy={upload.isPending} onClose={closeCropper} onCropped={(data) => upload.mutate(data)} />
        </Suspense>
      )}
    </Stack>
  );
}
