/**
 * A refused vote or span; `status` is what the web answers: 404 unknown (or not served to this
 * voter), 409 state (voted already, round voided), 422 input (offsets outside the answer), 429 a
 * limit (nothing written).
 */
export class VoteError extends Error {
  constructor(
    readonly status: 404 | 409 | 422 | 429,
    message: string,
  ) {
    super(message);
  }
}
