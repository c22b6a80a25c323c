import styles from './Icon.module.css';

/** A few inline icons (outline, 16px, currentColor) so no icon font is needed. */
const PATHS = {
  file: 'M4 1.5h5l3.5 3.5v9.5h-8.5zM9 1.5V5h3.5',
  trash: 'M2.5 4h11M6 4V2.5h4V4M4 4l.7 9.5h6.6L12 4M6.5 6.5v5M9.5 6.5v5',
  plus: 'M8 3v10M3 8h10',
  back: 'M10 3 5 8l5 5',
  pin: 'M8 14.5s-4.5-4.6-4.5-8a4.5 4.5 0 0 1 9 0c0 3.4-4.5 8-4.5 8zM8 8a1.6 1.6 0 1 0 0-3.2A1.6 1.6 0 0 0 8 8z',
  clock: 'M8 14.5a6.5 6.5 0 1 0 0-13 6.5 6.5 0 0 0 0 13zM8 4.5V8l2.5 1.5',
  building: 'M3 14.5V2.5h7v12M10 6.5h3v8M1.5 14.5h13M5 5h1M7 5h1M5 7.5h1M7 7.5h1M5 10h1M7 10h1',
  search: 'M7 12.5a5.5 5.5 0 1 0 0-11 5.5 5.5 0 0 0 0 11zM11 11l3.5 3.5',
  flag: 'M3 14.5v-12M3 2.5h8.5l-2 3 2 3H3',
  chat: 'M2 3.5h12v8H6l-3.5 2.5v-2.5H2z',
  edit: 'M10.5 2.5l3 3-8 8H2.5v-3zM9 4l3 3',
} as const;

export type IconName = keyof typeof PATHS;

export function Icon({ name, size = 16, className }: { name: IconName; size?: number; className?: string }) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 16 16"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.4}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      className={className ? `${styles.icon} ${className}` : styles.icon}
    >
      <path d={PATHS[name]} />
    </svg>
  );
}
