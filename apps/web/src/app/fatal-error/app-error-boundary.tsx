import { Component, type ReactNode } from 'react';
import { useRouteError } from 'react-router';
import { FatalErrorScreen } from './fatal-error-screen.tsx';

type Props = { children: ReactNode; goTo?: (url: string) => void };
type State = { error: unknown; failed: boolean };

/** Catches rendering errors outside the router (spec §8 "unhandled rendering errors: the fatal-error screen"). */
export class AppErrorBoundary extends Component<Props, State> {
  override state: State = { error: null, failed: false };

  static getDerivedStateFromError(error: unknown): State {
    return { error, failed: true };
  }

  override render() {
    if (this.state.failed) return <FatalErrorScreen error={this.state.error} goTo={this.props.goTo} />;
    return this.props.children;
  }
}

/** The router's error boundary: errors of pages and of loading their code end on the same screen. */
export function RouteErrorBoundary() {
  return <FatalErrorScreen error={useRouteError()} />;
}
