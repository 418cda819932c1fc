/** A refused audit action; `status` is what the web answers (404 unknown, 409 state, 422 input, 503 examiner unreachable). */
export class AuditError extends Error {
  constructor(
    readonly status: 403 | 404 | 409 | 422 | 503,
    message: string,
  ) {
    super(message);
  }
}
