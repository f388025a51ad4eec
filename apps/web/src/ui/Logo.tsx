type LogoProps = {
  size?: number;
  /** The accessible name; without it the logo is decorative. */
  title?: string;
};

/** The product logo: an open book under a roof, the school and its digital workspace. */
export function Logo({ size = 48, title }: LogoProps) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 48 48"
      role={title ? 'img' : undefined}
      aria-hidden={title ? undefined : true}
      aria-label={title}
      focusable="false"
    >
      <rect width="48" height="48" rx="12" fill="#1f6a9e" />
      <path d="M24 9 9 17.5h30L24 9Z" fill="#ffffff" />
      <path
        d="M12 21.5c4.5-.8 8.6.2 11 2.4v14.6c-2.4-2-6.5-3-11-2.3V21.5Zm24 0c-4.5-.8-8.6.2-11 2.4v14.6c2.4-2 6.5-3 11-2.3V21.5Z"
        fill="#ffffff"
        opacity="0.92"
      />
    </svg>
  );
}
