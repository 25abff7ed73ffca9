import { fileURLToPath } from 'node:url';

/** The repository root: the web build and the server start from here, as `npm start` does. */
export const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));
