/**
 * The message of an API error body (`{error: {code, message}}`, lib/api/http.ts) for the browser
 * to show; better-auth's own routes answer `{message}`. Anything else: the HTTP status.
 */
export function errorMessage(body: unknown, status: number): string {
  if (typeof body === "object" && body !== null) {
    const { error, message } = body as { error?: { message?: unknown }; message?: unknown };
    if (typeof error?.message === "string") return error.message;
    if (typeof message === "string") return message;
  }
  return `failed (HTTP ${status})`;
}
