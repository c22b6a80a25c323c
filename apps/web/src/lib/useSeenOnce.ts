import { useEffect, useState, type RefObject } from 'react';

/**
 * Whether the element has come near the viewport (within `margin`) once; stays true after. Without
 * IntersectionObserver (tests, old browsers) it counts as seen at once.
 */
export function useSeenOnce(ref: RefObject<Element | null>, margin = '200px'): boolean {
  const [seen, setSeen] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const element = ref.current;
    if (seen || !element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setSeen(true);
      },
      { rootMargin: margin },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, seen, margin]);
  return seen;
}
