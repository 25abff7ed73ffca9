/**
 * What the console's web sends besides the contract's bodies (ADR 064): the session's CSRF token (from
 * POST/GET /session's `csrfToken`) in this header on every write. Kept free of zod so any screen can import it.
 */
export const CONSOLE_CSRF_HEADER = 'x-console-csrf';
