import { useLayoutEffect, useRef, useSyncExternalStore, type RefObject } from 'react';

function subscribe(onChange: () => void): () => void {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

/** Whether the browser has a network connection (the server render assumes it has). */
export function useOnline(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => navigator.onLine,
    () => true,
  );
}

/**
 * Under the header while the browser is offline: what still works and what waits. Its height is
 * published as --pb-banner-height, so a page as high as the viewport (the chat) stays whole.
 */
export function OfflineBanner() {
  const online = useOnline();
  const banner = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const root = document.documentElement;
    const element = banner.current;
    if (!element) {
      root.style.removeProperty('--pb-banner-height');
      return;
    }
    const observer = new ResizeObserver(() =>
      root.style.setProperty('--pb-banner-height', `${element.offsetHeight}px`),
    );
    observer.observe(element);
    return () => {
      observer.disconnect();
      root.style.removeProperty('--pb-banner-height');
    };
  }, [online]);
  // The live region stays mounted (a region that appears with its text is often not read).
  return <div aria-live="polite">{online ? null : <Banner banner={banner} />}</div>;
}

function Banner({ banner }: { banner: RefObject<HTMLDivElement | null> }) {
  return (
    <div
      ref={banner}
      className="alert alert-warning rounded-0 border-0 border-bottom mb-0 py-2 text-center"
      data-testid="offline-banner"
    >
      <strong>Keine Internetverbindung.</strong> Sie sehen den zuletzt geladenen Stand; Änderungen und Nachrichten
      werden erst gesendet, wenn die Verbindung wieder besteht.
    </div>
  );
}
