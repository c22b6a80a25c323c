import { Component as ReactComponent, type ErrorInfo, type ReactNode } from 'react';

interface State {
  failed: boolean;
}

/** Error boundary of one section of the guarded area: the menu stays usable when a page fails. */
export class SectionErrorBoundary extends ReactComponent<{ children: ReactNode }, State> {
  override state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error('section failed', error, info.componentStack);
  }

  override render(): ReactNode {
    if (!this.state.failed) return this.props.children;
    return (
      <div className="container py-5 text-center" role="alert">
        <h1 className="h4">Etwas ist schiefgelaufen.</h1>
        <p className="text-secondary">Bitte laden Sie die Seite neu oder versuchen Sie es später erneut.</p>
        <button type="button" className="btn btn-primary" onClick={() => window.location.reload()}>
          Seite neu laden
        </button>
      </div>
    );
  }
}
