import { useCallback, useSyncExternalStore } from 'react';

/**
 * Whether the CSS media query matches now; re-renders when that changes. (The landing page keeps
 * its own reduced-motion check: sharing this module cost it one more script request.)
 */
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const media = window.matchMedia(query);
      media.addEventListener('change', onChange);
      return () => media.removeEventListener('change', onChange);
    },
    [query],
  );
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(query).matches,
    () => false,
  );
}

/** Bootstrap's md breakpoint and up: the advertisement browser shows list and profile side by side. */
export const TWO_PANES = '(min-width: 768px)';
