/**
 * Results grouped per unordered pair (i < j) as [wins of i, ties, wins of j]. The BT likelihood
 * has no seat effect, so (a, b, y) and (b, a, 1 − y) are the same observation; merging them
 * halves the rows the fit and the bootstrap touch. Rows need not be unique: the fit accepts
 * repeated pairs (tests use that to fit battle by battle).
 */
export interface BtData {
  agents: string[];
  i: Int32Array;
  j: Int32Array;
  /** 3 numbers per row: [wins of i, ties, wins of j]. */
  counts: Float64Array;
}
