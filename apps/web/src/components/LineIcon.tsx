import type { ReactNode, SVGProps } from 'react';

/** Outline icon on a 24×24 grid drawn in currentColor (no icon font needed); children are its shapes. */
export function LineIcon({
  size,
  strokeWidth = 2,
  children,
  ...rest
}: { size: number; strokeWidth?: number; children: ReactNode } & Omit<SVGProps<SVGSVGElement>, 'width' | 'height'>) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={strokeWidth}
      strokeLinecap="round"
      strokeLinejoin="round"
      {...rest}
    >
      {children}
    </svg>
  );
}
