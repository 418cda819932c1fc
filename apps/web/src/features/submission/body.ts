import { errorOf, HttpError } from "@/lib/api/http";
/** Largest JSON body accepted by the submission and console APIs. */
export const MAX_BODY_BYTES = 64 * 1024;

export type BodyResult = { ok: true; value: unknown } | { ok: false; response: Response };

/**
 * Reads a JSON body of at most `max` bytes: the declared Content-Length is checked first, then
 * the bytes actually read (a client may send more than it declares, or no length at all), and
 * only then is the text parsed.
 */
export async function jsonBody(req: Request, max = MAX_BODY_BYTES): Promise<unknown> {
  const declared = Number(req.headers.get("content-length") ?? "0");
  if (declared > max) throw new HttpError(413, `body larger than ${max} bytes`);
  if (!req.body) throw new HttpError(400, "a JSON body is required");
  const reader = req.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > max) {
      await reader.cancel();
      throw new HttpError(413, `body larger than ${max} bytes`);
    }
    chunks.push(value);
  }
  try {
    return JSON.parse(Buffer.concat(chunks).toString("utf8"));
  } catch {
    throw new HttpError(400, "the body is not valid JSON");
  }
}

/** jsonBody for handlers that return rather than throw their refusals. */
export async function readJsonBody(req: Request, max = MAX_BODY_BYTES): Promise<BodyResult> {
  try {
    return { ok: true, value: await jsonBody(req, max) };
  } catch (err) {
    return { ok: false, response: errorOf(err) };
  }
}
