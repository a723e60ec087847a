import '@mantine/notifications/styles.css';
import { Notifications } from '@mantine/notifications';

export default function ToastContainer() {
  return <Notifications position="top-center" zIndex={1000} />;
}
