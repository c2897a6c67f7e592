import { Component, lazy, Suspense, type ComponentType } from 'react';

type OverlayModule = { default: ComponentType };

export interface LazyOverlayProps {
  /** When the code could not be loaded (offline before the service worker cached it), a change retries. */
  retryKey: unknown;
}

/**
 * A component that loads an overlay layer (dialogs, toasts) on first render. A failed download renders nothing
 * instead of crashing the page, is logged, and is retried when `retryKey` changes.
 */
export function lazyOverlay(load: () => Promise<OverlayModule>, name: string): ComponentType<LazyOverlayProps> {
  let Layer = lazy(load);

  return class LazyOverlay extends Component<LazyOverlayProps, { failed: boolean }> {
    static displayName = `LazyOverlay(${name})`;

    override state = { failed: false };

    static getDerivedStateFromError(): { failed: boolean } {
      return { failed: true };
    }

    override componentDidCatch(error: unknown): void {
      console.error(`[ui] ${name} could not be loaded`, error);
    }

    override componentDidUpdate(previous: LazyOverlayProps): void {
      if (this.state.failed && previous.retryKey !== this.props.retryKey) {
        Layer = lazy(load);
        this.setState({ failed: false });
      }
    }

    override render() {
      if (this.state.failed) return null;
      return (
        <Suspense fallback={null}>
          <Layer />
        </Suspense>
      );
    }
  };
}
