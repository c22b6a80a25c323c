import { useEffect, useRef, type ReactNode, type RefObject } from 'react';
import Alert from 'react-bootstrap/Alert';

/** What the candidate's link pages say when the address holds no token at all. */
export const MISSING_LINK_TOKEN =
  'Der Link ist unvollständig. Bitte öffnen Sie den vollständigen Link aus der E-Mail der Prämienbörse.';

/** A message that takes focus when it appears, so a screen reader says it at once. */
export function Announcement({
  variant,
  children,
  testId,
  ref,
}: {
  variant: string;
  children: ReactNode;
  testId: string;
  ref?: RefObject<HTMLDivElement | null>;
}) {
  const own = useRef<HTMLDivElement>(null);
  const target = ref ?? own;
  useEffect(() => target.current?.focus(), [target, children]);
  return (
    <Alert
      ref={target}
      variant={variant}
      tabIndex={-1}
      role={variant === 'danger' ? 'alert' : 'status'}
      data-testid={testId}
    >
      {children}
    </Alert>
  );
}
