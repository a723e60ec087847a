import { Button, Group, Slider, Stack, Text } from '@mantine/core';
import { useRef, useState, type PointerEvent } from 'react';
import { AVATAR_CROPPER } from '../../../../shared/validation/index.ts';
import { centredCrop, CROP_SIZE, pan, pixelRatio, renderCrop, rescale, type CropState, type ImageSize } from './crop-geometry.ts';

export interface LoadedImage {
  element: HTMLImageElement;
  size: ImageSize;
  url: string;
}

/** Spec §5 cropper: drag to place, scale 1–10 in steps of 0.1, a 184×184 circle comes out. */
export function AvatarCropper({
  image,
  busy,
  onCancel,
  onCropped,
}: {
  image: LoadedImage;
  busy: boolean;
  onCancel: () => void;
  onCropped: (dataUrl: string) => void;
}) {
  const [crop, setCrop] = useState<CropState>(() => centredCrop(image.size));
  const drag = useRef<{ x: number; y: number } | null>(null);
  const ratio = pixelRatio(image.size, crop.scale);

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    event.currentTarget.setPointerCapture?.(event.pointerId);
    drag.current = { x: event.clientX, y: event.clientY };
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    if (!drag.current) return;
    const dx = event.clientX - drag.current.x;
    const dy = event.clientY - drag.current.y;
    drag.current = { x: event.clientX, y: event.clientY };
    setCrop((current) => pan(image.size, current, dx, dy));
  };
  const onPointerUp = () => {
    drag.current = null;
  };

  return (
    <Stack align="center" gap="md" data-testid="avatar-cropper">
      <div
        className="jl-avatar-crop"
        style={{ width: CROP_SIZE, height: CROP_SIZE, borderRadius: '50%', overflow: 'hidden', position: 'relative', touchAction: 'none', cursor: 'move', background: 'var(--mantine-color-gray-2)' }}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onPointerCancel={onPointerUp}
      >
        <img
          src={image.url}
          alt="待裁剪的头像"
          draggable={false}
          style={{
            position: 'absolute',
            left: crop.offsetX,
            top: crop.offsetY,
            width: image.size.width * ratio,
            height: image.size.height * ratio,
            maxWidth: 'none',
            userSelect: 'none',
            pointerEvents: 'none',
          }}
        />
      </div>
      <Stack gap={4} w="100%">
        <Text size="sm">缩放（拖动图片调整位置）</Text>
        <Slider
          min={AVATAR_CROPPER.minScale}
          max={AVATAR_CROPPER.maxScale}
          step={AVATAR_CROPPER.scaleStep}
          value={crop.scale}
          onChange={(value) => setCrop((current) => rescale(image.size, current, value))}
          label={(value) => `${value.toFixed(1)}×`}
          thumbProps={{ 'aria-label': '缩放比例' }}
          data-testid="avatar-scale"
        />
      </Stack>
      <Group justify="flex-end" w="100%">
        <Button variant="default" onClick={onCancel} disabled={busy}>
          取消
        </Button>
        <Button loading={busy} onClick={() => onCropped(renderCrop(image.element, image.size, crop))} data-testid="avatar-crop-confirm">
          确定上传
        </Button>
      </Group>
    </Stack>
  );
}
