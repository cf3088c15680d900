import { Component, type ReactNode } from 'react';

type ErrorBoundaryProps = { fallback: ReactNode; children: ReactNode };

/**
 * Shows `fallback` instead of a part of the page that failed to render, so an optional extra (a
 * chart) cannot take the whole page down with it.
 */
export class ErrorBoundary extends Component<ErrorBoundaryProps, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}
