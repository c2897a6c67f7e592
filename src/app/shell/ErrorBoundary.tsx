import { Component, type ErrorInfo, type ReactNode } from 'react';
import { CrashScreen } from './CrashScreen.tsx';

interface ErrorBoundaryProps {
  children: ReactNode;
  /** The outermost boundary: the crash screen is the document's main content. */
  standalone?: boolean;
}

/**
 * Any render error below it shows the crash screen (first document §2) instead of a blank page. The error is
 * re-dispatched as a window `error` event, which the activity log records (React keeps caught errors to itself).
 */
export class ErrorBoundary extends Component<ErrorBoundaryProps, { error: unknown }> {
  override state: { error: unknown } = { error: null };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error('Render error', error, info.componentStack);
    const message = error instanceof Error ? error.message : String(error);
    window.dispatchEvent(new ErrorEvent('error', { error, message }));
  }

  override render() {
    return this.state.error === null ? (
      this.props.children
    ) : (
      <CrashScreen error={this.state.error} standalone={this.props.standalone ?? false} />
    );
  }
}
