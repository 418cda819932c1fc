/**
 * Dense symmetric positive-definite solves on row-major Float64Arrays. Hand-written (about 40
 * lines) because the bootstrap solves ~3 systems of ≤ 100 unknowns per round for 1,000 rounds:
 * allocation-free typed-array loops keep that in the tens of milliseconds.
 */

/** In-place Cholesky factorisation A = L·Lᵀ (lower triangle of `a` becomes L). */
export function choleskyInPlace(a: Float64Array, n: number): void {
  for (let j = 0; j < n; j++) {
    let d = a[j * n + j]!;
    for (let k = 0; k < j; k++) d -= a[j * n + k]! ** 2;
    if (!(d > 0)) throw new RangeError("matrix is not positive definite");
    const ljj = Math.sqrt(d);
    a[j * n + j] = ljj;
    for (let i = j + 1; i < n; i++) {
      let s = a[i * n + j]!;
      for (let k = 0; k < j; k++) s -= a[i * n + k]! * a[j * n + k]!;
      a[i * n + j] = s / ljj;
    }
  }
}

/** Solves L·Lᵀ·x = b in place of b, given the factor from choleskyInPlace. */
export function choleskySolveInPlace(l: Float64Array, n: number, b: Float64Array): void {
  for (let i = 0; i < n; i++) {
    let s = b[i]!;
    for (let k = 0; k < i; k++) s -= l[i * n + k]! * b[k]!;
    b[i] = s / l[i * n + i]!;
  }
  for (let i = n - 1; i >= 0; i--) {
    let s = b[i]!;
    for (let k = i + 1; k < n; k++) s -= l[k * n + i]! * b[k]!;
    b[i] = s / l[i * n + i]!;
  }
}

/** Inverse of a symmetric positive-definite matrix (the input is left untouched). */
export function spdInverse(a: Float64Array, n: number): Float64Array {
  const l = Float64Array.from(a);
  choleskyInPlace(l, n);
  const inv = new Float64Array(n * n);
  const col = new Float64Array(n);
  for (let j = 0; j < n; j++) {
    col.fill(0);
    col[j] = 1;
    choleskySolveInPlace(l, n, col);
    for (let i = 0; i < n; i++) inv[i * n + j] = col[i]!;
  }
  return inv;
}

/** The product of two n×n row-major matrices (zero entries of the left one skipped). */
export function multiply(a: Float64Array, b: Float64Array, n: number): Float64Array {
  const out = new Float64Array(n * n);
  for (let i = 0; i < n; i++) {
    for (let k = 0; k < n; k++) {
      const aik = a[i * n + k]!;
      if (aik === 0) continue;
      for (let j = 0; j < n; j++) out[i * n + j]! += aik * b[k * n + j]!;
    }
  }
  return out;
}
