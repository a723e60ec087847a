// Around a part of the page that the page can do without (the floating items): if it fails — its code
// could not be loaded, a bug — it shows nothing instead of taking the whole page to the route's error
// screen. It tries again when the device comes back online.
import { Component, type ReactNode } from 'react';

interface Props {
  children: ReactNode;
  /** For the log: which part failed. */
  name: string;
}

export class QuietErrorBoundary extends Component<Props, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: unknown): void {
    console.warn(`${this.props.name} failed and is hidden`, error);
  }

  override componentDidMount(): void {
    window.addEventListener('online', this.retry);
  }

  override componentWillUnmount(): void {
    window.removeEventListener('online', this.retry);
  }

  private readonly retry = (): void => {
    if (this.state.failed) this.setState({ failed: false });
  };

  override render(): ReactNode {
    return this.state.failed ? null : this.props.children;
  }
}
