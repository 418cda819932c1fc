/**
 * `npm run bench:ratings`: 1,000,000 battles among 50 agents with planted strengths (seeded),
 * timed through one-pass aggregation, the Bradley–Terry fit and 1,000 bootstrap rounds. Prints
 * wall time, peak memory, and how well the planted order is recovered. Target: < 2 s, < 500 MB.
 */
import { BattleAggregator, bootstrapIntervals, fitBradleyTerry, Rng, spearman, thetaToRating } from "@arena/core";

const AGENTS = 50;
const BATTLES = 1_000_000;
const ROUNDS = 1_000;
const TIE_RATE = 0.1;

const rng = Rng.fromSeed(20251122);
const strengths = Array.from({ length: AGENTS }, () => (rng.float() - 0.5) * 3);
const names = strengths.map((_, i) => `agent-${String(i).padStart(2, "0")}`);

/** Generated into typed arrays (3 MB) so the timed part, not the fixture, dominates memory. */
const A = new Uint8Array(BATTLES);
const B = new Uint8Array(BATTLES);
const OUTCOME = new Float32Array(BATTLES);
const tGen = performance.now();
for (let n = 0; n < BATTLES; n++) {
  const a = rng.int(AGENTS);
  let b = rng.int(AGENTS - 1);
  if (b >= a) b++;
  const u = rng.float();
  const pA = (1 - TIE_RATE) / (1 + Math.exp(strengths[b]! - strengths[a]!));
  A[n] = a;
  B[n] = b;
  OUTCOME[n] = u < TIE_RATE ? 0.5 : u < TIE_RATE + pA ? 1 : 0;
}
console.log(
  `generated ${BATTLES.toLocaleString("en")} battles among ${AGENTS} agents in ${(performance.now() - tGen).toFixed(0)} ms (not timed)`,
);

const cpu0 = process.cpuUsage();
const t0 = performance.now();
const agg = new BattleAggregator();
for (let n = 0; n < BATTLES; n++) agg.add(names[A[n]!]!, names[B[n]!]!, OUTCOME[n] as 0 | 0.5 | 1);
const data = agg.result();
const tAgg = performance.now();
const fit = fitBradleyTerry(data);
const tFit = performance.now();
const ci = bootstrapIntervals(data, fit.theta, { rounds: ROUNDS, seed: 1 });
const tEnd = performance.now();
const cpu = process.cpuUsage(cpu0);

const maxRssMb = process.resourceUsage().maxRSS / 1024;
console.log(`aggregation: ${(tAgg - t0).toFixed(0)} ms (${data.i.length} pair rows)`);
console.log(`BT fit: ${(tFit - tAgg).toFixed(0)} ms (${fit.iterations} Newton iterations)`);
console.log(`bootstrap x${ROUNDS}: ${(tEnd - tFit).toFixed(0)} ms`);
console.log(
  `total (aggregation + fit + bootstrap): ${(tEnd - t0).toFixed(0)} ms wall, ${((cpu.user + cpu.system) / 1000).toFixed(0)} ms CPU`,
);
console.log(`peak RSS: ${maxRssMb.toFixed(0)} MB; heap used now: ${(process.memoryUsage().heapUsed / 2 ** 20).toFixed(0)} MB`);

const planted = data.agents.map((n) => strengths[names.indexOf(n)]!);
const rho = spearman(planted, Array.from(fit.theta)).r;
const widths = Array.from(ci.lower, (lo, k) => ci.upper[k]! - lo);
console.log(
  `recovery: Spearman(planted, fitted) = ${rho.toFixed(4)}; mean 95% CI width ${(widths.reduce((s, w) => s + w, 0) / AGENTS).toFixed(1)} rating points`,
);
console.log(`top agent: ${data.agents[fit.theta.indexOf(Math.max(...fit.theta))]} at ${thetaToRating(Math.max(...fit.theta)).toFixed(1)}`);
