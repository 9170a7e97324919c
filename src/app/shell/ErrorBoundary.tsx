import { Component, type ReactNode } from 'react';
import { RouteError } from '../pages/RouteError';

/** Keeps the shell standing when a page fails to render: the page area shows the route error. */
export class PageErrorBoundary extends Component<
  { children: ReactNode; resetKey: string },
  { failed: boolean; key: string }
> {
  override state = { failed: false, key: this.props.resetKey };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  static getDerivedStateFromProps(props: { resetKey: string }, state: { failed: boolean; key: string }) {
    return props.resetKey !== state.key ? { failed: false, key: props.resetKey } : null;
  }
  override render() {
    return this.state.failed ? <RouteError /> : this.props.children;
  }
}
