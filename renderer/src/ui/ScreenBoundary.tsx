import { Component, type ReactNode } from 'react';

interface Props {
  /** Which screen this is, for the log. */
  screen: string;
  /** Where the error goes (the till's log). */
  report: (screen: string, error: unknown) => void;
  /** What shows instead: what happened, and a way on. */
  fallback: ReactNode;
  children: ReactNode;
}

/**
 * Keeps an error while drawing a screen to that screen. Without it React takes the whole app off
 * the page: a counter or kiosk left blank, top bar and all, with no way on but a restart. Give it a
 * `key` that changes with the screen: leaving the broken screen (Back, Home, Start over) draws the
 * next one afresh. React's own recipe (a class: hooks cannot catch render errors).
 */
export class ScreenBoundary extends Component<Props, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: unknown) {
    this.props.report(this.props.screen, error);
  }

  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}
