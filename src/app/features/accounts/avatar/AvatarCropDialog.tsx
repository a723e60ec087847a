// The crop dialog, loaded when the player has chosen a picture: the modal and the slider stay out
// of the account centre's first load.
import { Dialog } from '../../../components/Dialog.tsx';
import { AvatarCropper, type LoadedImage } from './AvatarCropper.tsx';

export default function AvatarCropDialog({
  image,
  busy,
  onClose,
  onCropped,
}: {
  image: LoadedImage;
  busy: boolean;
  onClose: () => void;
  onCropped: (dataUrl: string) => void;
}) {
  return (
    <Dialog opened onClose={onClose} title="裁剪头像" size="sm" testId="avatar-crop-dialog">
      <AvatarCropper image={image} busy={busy} onCancel={onClose} onCropped={onCropped} />
    </Dialog>
  );
}
