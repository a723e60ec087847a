// The autobet screen as a root overlay (`?autobetFor=<drawType>.<playMode>`).
import { Alert } from '@mantine/core';
import { useEffect, useMemo } from 'react';
import { findDrawType } from '../../../shared/catalogue/draw-types.ts';
import { Dialog } from '../../components/Dialog.tsx';
import { useIsPhone } from '../../lib/device.ts';
import { takeEscapeForAutobet } from './autobet-escape.ts';
import { readAutobetRequest } from './autobet-request.ts';
import type { AutobetTarget } from './autobet-search.ts';
import { AUTOBET_Z_INDEX } from './autobet-layers.ts';
import { AutobetScreen } from './AutobetScreen.tsx';
import { useCloseAutobetOverlay } from './use-autobet-navigation.ts';

export default function AutobetScreenModal({ target }: { target: AutobetTarget }) {
  const close = useCloseAutobetOverlay();
  const phone = useIsPhone();
  useEffect(() => takeEscapeForAutobet(close), [close]);
  const info = findDrawType(target.drawType);
  const request = useMemo(() => readAutobetRequest(target), [target]);
  let content;
  if (!info || info.autobetDisabled) content = <Alert color="orange">该彩种不支持追号</Alert>;
  else if (!request) content = <Alert color="orange">投注内容已失效，请返回投注页重新选号后再追号</Alert>;
  else content = <AutobetScreen info={info} handedOver={request} />;
  return (
    <Dialog
      opened
      onClose={close}
      title="追号"
      fullScreen={phone}
      size="lg"
      zIndex={AUTOBET_Z_INDEX}
      closeOnEscape={false}
      transitionProps={{ duration: 150 }}
      testId="autobet-screen"
    >
      {content}
    </Dialog>
  );
}
