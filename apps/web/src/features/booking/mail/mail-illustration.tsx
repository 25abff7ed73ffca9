/** An open envelope with a letter: the picture of "a mail is on its way". Decorative. */
export function MailIllustration({ state = 'sent' }: { state?: 'sent' | 'checking' | 'failed' }) {
  return (
    <div className={`mail-illustration mail-illustration--${state}`} aria-hidden="true">
      <svg viewBox="0 0 64 64" width="64" height="64" focusable="false">
        <rect x="8" y="20" width="48" height="34" rx="5" fill="currentColor" opacity="0.14" />
        <path
          d="M16 26V12a3 3 0 0 1 3-3h26a3 3 0 0 1 3 3v14"
          fill="var(--surface)"
          stroke="currentColor"
          strokeWidth="2.5"
        />
        <path d="M23 17h18M23 23h12" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" />
        <path
          d="M8 25.5v23.5a5 5 0 0 0 5 5h38a5 5 0 0 0 5-5V25.5L32 40z"
          fill="var(--surface)"
          stroke="currentColor"
          strokeWidth="2.5"
          strokeLinejoin="round"
        />
        <path d="M8 53l19-15M56 53L37 38" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" />
      </svg>
    </div>
  );
}
