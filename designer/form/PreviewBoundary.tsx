import { Component, type ReactNode } from 'react';

interface Props {
  /** A new key (the field's config) tries the preview again. */
  resetKey: unknown;
  fallback: ReactNode;
  children: ReactNode;
}

/** Keeps one field's preview failing on an odd config (typed into the JSON tab, say) from taking the designer down. */
export class PreviewBoundary extends Component<Props, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidUpdate(prev: Props) {
    if (this.state.failed && prev.resetKey !== this.props.resetKey) this.setState({ failed: false });
  }

  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}
