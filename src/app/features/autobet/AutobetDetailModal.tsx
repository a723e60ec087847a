// The autobet detail as a root overlay (`?autobet=<id>`, spec §2.2 "autobet detail by id").
import { Alert, Center, Loader } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Dialog } from '../../components/Dialog.tsx';
import { errorMessage } from '../../lib/api/errors.ts';
import { useIsPhone } from '../../lib/device.ts';
import { takeEscapeForAutobet } from './autobet-escape.ts';
import { AUTOBET_Z_INDEX } from './autobet-layers.ts';
import { autobetDetailQueryOptions } from './autobet-queries.ts';
import { AutobetDetailView } from './AutobetDetailView.tsx';
import { useCloseAutobetOverlay } from './use-autobet-navigation.ts';
import './autobet.css';

export default function AutobetDetailModal({ autobetId }: { autobetId: string }) {
  const close = useCloseAutobetOverlay();
  const phone = useIsPhone();
  useEffect(() => takeEscapeForAutobet(close), [close]);
  return (
    <Dialog
      opened
      onClose={close}
      title="追号详情"
      fullScreen={phone}
      size="lg"
      zIndex={AUTOBET_Z_INDEX}
      closeOnEscape={false}
      transitionProps={{ duration: 150 }}
      testId="autobet-detail"
    >
      <AutobetDetailContent autobetId={autobetId} />
    </Dialog>
  );
}

function AutobetDetailContent({ autobetId }: { autobetId: string }) {
  const query = useQuery(autobetDetailQueryOptions(autobetId));
  if (query.data) return <AutobetDetailView autobet={query.data} />;
  if (query.isError) {
    return (
      <Alert color="red" title="无法查看追号">
        {errorMessage(query.error)}
      </Alert>
    );
  }
  if (query.fetchStatus === 'paused') return <Alert title="网络已断开">联网后即可查看此追号的详情</Alert>;
  return (
    <Center py="xl">
      <Loader size="sm" aria-label="加载中" />
    </Center>
  );
}
