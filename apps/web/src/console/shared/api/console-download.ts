import { ConsoleApiError, urlOf, type ConsoleInput, type ConsoleRoute } from './console-client.ts';

/** The file name of an answer's `content-disposition` (`attachment; filename="x.csv"`), else `fallback`. */
export function fileNameOf(disposition: string | null, fallback: string): string {
  const quoted = /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(disposition ?? '');
  if (!quoted) return fallback;
  try {
    return decodeURIComponent(quoted[1]!);
  } catch {
    return quoted[1]!;
  }
}

/**
 * A console GET that answers a file (a CSV) rather than JSON: fetched with the session's cookie like every
 * call (no link that could be opened without it), then handed to the browser as a download. An error answer
 * is still the one JSON error body, thrown as a ConsoleApiError for the screen's ErrorNotice.
 */
export async function consoleDownload<R extends ConsoleRoute>(
  route: R,
  input: Pick<ConsoleInput<R>, 'params'> & { params?: object },
  fallbackName: string,
): Promise<string> {
  let response: Response;
  try {
    response = await fetch(urlOf(route, { params: input.params }), {
      method: 'GET',
      headers: { accept: 'text/csv, application/json' },
      credentials: 'same-origin',
    });
  } catch {
    throw new ConsoleApiError(0, 'connection');
  }
  if (!response.ok) {
    let body: { error?: unknown; issues?: unknown } = {};
    try {
      body = (await response.json()) as typeof body;
    } catch {
      // Not the JSON error body: the status says enough.
    }
    throw new ConsoleApiError(
      response.status,
      typeof body.error === 'string' ? body.error : '',
      Array.isArray(body.issues) ? body.issues : [],
    );
  }
  const name = fileNameOf(response.headers.get('content-disposition'), fallbackName);
  const url = URL.createObjectURL(await response.blob());
  try {
    const link = document.createElement('a');
    link.href = url;
    link.download = name;
    link.style.display = 'none';
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    // After the click has handed the file over: revoking at once can cancel it in some browsers.
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  }
  return name;
}
