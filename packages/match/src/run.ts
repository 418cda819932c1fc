import {
  applyJudgement,
  chooseStart,
  hasContent,
  initialState,
  isFinished,
  LoopStuckError,
  matchWinner,
  onGenerationError,
  onJudgeError,
  prepareRound,
  seedOf,
  transitionAfter,
  type AgentAnswer,
  type GeneratedTask,
  type LoopState,
  type PageFetcher,
  type TaskContext,
  type TransitionAction,
  type TreeView,
  type Verdict,
} from "@arena/core";
import type { PrismaClient } from "@arena/db";
import { setTimeout as sleep } from "node:timers/promises";
import type { Examiner, ExaminerCall } from "@arena/examiner";
import type { AgentClient } from "@arena/agents";
import type { AgentLimiter, AgentLimits } from "@arena/jobs";
import { expandDepth, expandWidth, loadTreeView, type DbTreeView, type TreeViews } from "@arena/trees";
import { claimMatch, commitRound, finishMatch, saveState } from "./persist";
import type { Expansion, RoundOutcome, RoundRecord, SeatRecord } from "./round";
import { MatchDeferred, MatchNotRunnableError } from "./errors";
import { afterAnswers, afterGenerationError, roundLimitReached, thrownByAgent, type Forfeit } from "./failure-policy";
import { examinerView } from "./target-view";
import { nextLook, parseMatchState, type MatchState, type PendingRound, type SeatProgress } from "./state";

/** One seat of a match: the agent's client and how it may be called. */
export interface Seat {
  client: AgentClient;
  /** Simulated agents get the round's ground truth (their planted skill needs it). */
  simulated: boolean;
  limits: AgentLimits;
}

export interface MatchDeps {
  examiner: Examiner;
  /** Model name recorded on each round (null for the heuristic examiner). */
  examinerModel: string | null;
  a: Seat;
  b: Seat;
  /** Fetches pages for on-demand expansion; null when the tree cannot be expanded here. */
  fetcher: PageFetcher | null;
  /** The worker's shared tree views; without them the match reads its tree itself. */
  trees?: TreeViews;
  /** Cross-worker per-agent limits; without it calls go straight through (single process). */
  limiter?: AgentLimiter;
  signal?: AbortSignal;
  log?: (message: string, context: Record<string, unknown>) => void;
  /**
   * The caller can come back later (a queue worker): an agent whose runs go on at the provider is
   * started, the round is stored as pending and `runMatch` throws MatchDeferred instead of waiting.
   * Without it every answer is waited for in place (`arena match run`).
   */
  defer?: boolean;
}

/** What each stored round looks like to a caller watching the match (CLI `--json` lines). */
export interface RoundReport {
  round: number;
  depth: number;
  width: number;
  path: string[];
  verdict: string | null;
  score_a: number;
  score_b: number;
  /** Transition taken after the round; null when it was not judged or the match stopped. */
  action: TransitionAction | null;
  /** The transition wanted to descend but found no child to go to. */
  stuck: boolean;
  stop: string | null;
  error_a: string | null;
  error_b: string | null;
  /** The seat that forfeited the round (its agent failed or answered nothing) and why; the verdict is the forfeit's, no judge's. */
  forfeit: Forfeit | null;
}

export interface MatchResult {
  match: string;
  winner: "A" | "B" | "tie";
  score_a: number;
  score_b: number;
  rounds: number;
  voided: number;
}

/** The match cannot go on (too many stored rounds or generation failures); see also core LoopStuckError. */
class MatchAbort extends Error {}

/**
 * Runs (or resumes) one match to completion: the pure loop from @arena/core with generation,
 * agent calls, judging and tree expansion in between, and one statement per stored round.
 * Resumption starts from the state committed with the last stored round, so a crash mid-round
 * only repeats that round's work; the round is stored once.
 */
export async function runMatch(
  db: PrismaClient,
  matchId: string,
  deps: MatchDeps,
  onRound?: (report: RoundReport) => void,
): Promise<MatchResult> {
  const match = await claimMatch(db, matchId);
  if (!match.claimed) {
    if (match.status === "completed") return resultOf(matchId, parseMatchState(match.state));
    throw new MatchNotRunnableError(`match ${matchId} is ${match.status}`);
  }
  const tree = await (deps.trees ? deps.trees.get(match.treeId) : loadTreeView(db, match.treeId));
  const runner = new Runner(db, matchId, match.seed, tree, deps, onRound);
  const state = match.state ? parseMatchState(match.state) : await runner.start();
  return resultOf(matchId, await runner.play(state));
}

function resultOf(matchId: string, state: MatchState): MatchResult {
  const { scoreA, scoreB, round } = state.loop;
  return { match: matchId, winner: matchWinner(state.loop), score_a: scoreA, score_b: scoreB, rounds: round, voided: state.voided };
}

interface Prepared {
  state: LoopState;
  context: TaskContext;
  expansions: Expansion[];
}

class Runner {
  /**
   * Nodes whose expansion found nothing left to try (no unexplored links, tree not expandable):
   * asking again in this match cannot add anything, so the request is answered from here.
   */
  private readonly exhausted = new Map<string, string>();
  /** Consecutive generation failures (reset by a generated task). */
  private generationFailures = 0;
  /** The tree as the examiner plays it (its rule for targets); expansions go to `tree`. */
  private readonly view: TreeView;

  constructor(
    private readonly db: PrismaClient,
    private readonly matchId: string,
    private readonly seed: string,
    private readonly tree: DbTreeView,
    private readonly deps: MatchDeps,
    private readonly onRound?: (report: RoundReport) => void,
  ) {
    this.view = examinerView(tree, deps.examiner);
  }

  /** Chooses the random start and stores it; a tree with no usable node ends the match at once. */
  async start(): Promise<MatchState> {
    const state: MatchState = { loop: chooseStart(initialState(seedOf(this.seed)), this.view), seq: 0, voided: 0, judgeErrors: 0 };
    if (isFinished(state.loop)) await finishMatch(this.db, this.matchId, state, "the tree has no node with content below the root");
    else await saveState(this.db, this.matchId, state);
    return state;
  }

  /** Plays until the loop stops; a match that cannot go on ends with the last stored state. */
  async play(initial: MatchState): Promise<MatchState> {
    let state = initial;
    while (!isFinished(state.loop)) {
      try {
        state = state.pending ? await this.resume(state, state.pending) : await this.step(state);
      } catch (err) {
        if (!(err instanceof MatchAbort || err instanceof LoopStuckError)) throw err;
        await finishMatch(this.db, this.matchId, state, err.message);
        this.deps.log?.("match ended early", { matchId: this.matchId, reason: err.message });
        break;
      }
    }
    return state;
  }

  /** One stored round, or one jump to a new start after a generation error; returns the stored state. */
  private async step(state: MatchState): Promise<MatchState> {
    const limit = roundLimitReached(state);
    if (limit) throw new MatchAbort(limit);
    this.deps.signal?.throwIfAborted();
    const prepared = await this.prepare(state.loop);
    const seed = `${this.seed}:${state.seq + 1}`;
    let generated: { task: GeneratedTask; calls: ExaminerCall[] };
    try {
      generated = await this.deps.examiner.generateTask(prepared.context, { seed });
    } catch (err) {
      const decision = afterGenerationError(err, ++this.generationFailures);
      if (decision.kind === "rethrow") throw err;
      if (decision.kind === "end") throw new MatchAbort(decision.reason);
      const jumped = onGenerationError(prepared.state, this.view, decision.detail);
      if (!jumped) throw new MatchAbort("no usable node left after a generation error");
      const next = { ...state, loop: jumped };
      // the failure spent a round of the budget; the last one ends the match with its scores
      if (isFinished(jumped)) {
        await finishMatch(this.db, this.matchId, next, null);
        return next;
      }
      this.deps.log?.("generation failed, jumping to a new start", { matchId: this.matchId, error: decision.detail });
      await saveState(this.db, this.matchId, next);
      return next;
    }
    this.generationFailures = 0;
    return this.playRound(state, prepared, generated, seed);
  }

  /** Steps 1–2 (core's prepareRound), recording the expansions performed for the round row. */
  private async prepare(loop: LoopState): Promise<Prepared> {
    const expansions: Expansion[] = [];
    const asked = await prepareRound(
      loop,
      this.view,
      async (kind, nodeId, count) => void expansions.push(await this.expand(kind, nodeId, count)),
    );
    return { ...asked, expansions };
  }

  private async expand(kind: "width" | "depth", nodeId: string, requested: number): Promise<Expansion> {
    const record = (found: number, added: number, failed: number, reason: string | null): Expansion => ({
      kind,
      nodeId,
      requested,
      found,
      added,
      failed,
      reason,
    });
    if (!this.deps.fetcher) return record(0, 0, 0, "expansion impossible: no page fetcher (offline tree without a sandbox)");
    const key = `${kind}:${nodeId}`;
    const known = this.exhausted.get(key);
    if (known) return record(0, 0, 0, known);
    // Children stored since core looked (by another match, here or in another worker) count first.
    const withContent = () => this.tree.node(nodeId)!.childIds.filter((id) => hasContent(this.tree.node(id))).length;
    const before = withContent();
    await this.tree.refresh(nodeId);
    const found = withContent() - before;
    if (found >= requested) return record(found, 0, 0, null);
    const opts = this.deps.signal ? { signal: this.deps.signal } : {};
    const needed = requested - found;
    const result =
      kind === "width"
        ? await expandWidth(this.db, nodeId, needed, this.deps.fetcher, opts)
        : await expandDepth(this.db, nodeId, this.deps.fetcher, { ...opts, max: needed });
    if (result.added.length || result.failed.length) await this.tree.refresh(nodeId);
    else this.exhausted.set(key, result.reason ?? "nothing to add");
    return record(found + result.arrived, result.added.length, result.failed.length, result.reason ?? null);
  }

  /** Asks one seat: a background-capable agent under a deferring caller only starts its run. */
  private async begin(seat: Seat, task: GeneratedTask, history: LoopState["historyA"], seed: string, round: number): Promise<SeatProgress> {
    const req = { question: task.question, wordLimitInstruction: task.wordLimitInstruction, history };
    const ctx = {
      seed,
      matchId: this.matchId,
      round,
      ...(this.deps.signal ? { signal: this.deps.signal } : {}),
      ...(seat.simulated
        ? { oracle: { checklistDepth: task.checklistDepth, checklistWidth: task.checklistWidth, sourceUrls: task.sourceUrls } }
        : {}),
    };
    const background = this.deps.defer ? seat.client.background : undefined;
    const call = this.agentCall(async (): Promise<SeatProgress> => {
      if (!background) return { answer: await seat.client.answer(req, ctx) };
      const step = await background.start(req, ctx);
      return "done" in step ? { answer: step.done } : { run: step.pending };
    });
    return this.deps.limiter ? this.deps.limiter.run(seat.limits, call) : call();
  }

  /**
   * The agent's part of a seat's call: whatever it throws is the agent's failure (failure policy),
   * stored with the round. The limiter around it is the arena's, so its errors still end the job.
   */
  private agentCall(call: () => Promise<SeatProgress>): () => Promise<SeatProgress> {
    return async () => {
      const started = Date.now();
      try {
        return await call();
      } catch (err) {
        const error = thrownByAgent(err, this.deps.signal);
        this.deps.log?.("the agent call threw; stored as the agent's failure", {
          matchId: this.matchId,
          class: error.class,
          detail: error.detail,
        });
        return {
          answer: { text: "", latencyMs: Date.now() - started, tokens: null, costUsd: null, citations: { count: 0, urls: [] }, error },
        };
      }
    };
  }

  /** Looks at a seat's run when it is due; an answered seat stays as it is. */
  private async look(seat: Seat, progress: SeatProgress, seed: string, round: number): Promise<SeatProgress> {
    if ("answer" in progress || progress.run.pollAt > Date.now()) return progress;
    const background = seat.client.background;
    if (!background) {
      // The agent's protocol changed while its run was pending: nothing can look at the run now.
      const failed: AgentAnswer = {
        text: "",
        latencyMs: Date.now() - progress.run.startedAt,
        tokens: null,
        costUsd: null,
        citations: { count: 0, urls: [] },
        error: { class: "malformed", detail: "the agent can no longer poll its pending run" },
      };
      return { answer: failed };
    }
    const run = progress.run;
    const call = this.agentCall(async (): Promise<SeatProgress> => {
      const step = await background.poll(run, {
        seed,
        matchId: this.matchId,
        round,
        ...(this.deps.signal ? { signal: this.deps.signal } : {}),
      });
      return "done" in step ? { answer: step.done } : { run: step.pending };
    });
    return this.deps.limiter ? this.deps.limiter.run(seat.limits, call) : call();
  }

  /** Steps 3–7 for one generated task: the agents are asked; a round left waiting for runs is stored as pending. */
  private async playRound(
    state: MatchState,
    prepared: Prepared,
    generated: { task: GeneratedTask; calls: ExaminerCall[] },
    seed: string,
  ): Promise<MatchState> {
    const { task } = generated;
    const number = state.seq + 1;
    const [a, b] = await Promise.all([
      this.begin(this.deps.a, task, prepared.state.historyA, `${seed}:A`, number),
      this.begin(this.deps.b, task, prepared.state.historyB, `${seed}:B`, number),
    ]);
    const pending: PendingRound = {
      loop: prepared.state,
      depth: prepared.context.depth,
      width: prepared.context.width,
      expansions: prepared.expansions,
      task,
      calls: generated.calls,
      seed,
      a,
      b,
    };
    return this.advance(state, pending);
  }

  /** A pending round's runs looked at again (those due). */
  private async resume(state: MatchState, pending: PendingRound): Promise<MatchState> {
    this.deps.signal?.throwIfAborted();
    const number = state.seq + 1;
    const [a, b] = await Promise.all([
      this.look(this.deps.a, pending.a, `${pending.seed}:A`, number),
      this.look(this.deps.b, pending.b, `${pending.seed}:B`, number),
    ]);
    return this.advance(state, { ...pending, a, b });
  }

  /** Judges a round whose answers are all in; otherwise stores it as pending and defers the job. */
  private async advance(state: MatchState, pending: PendingRound): Promise<MatchState> {
    const { a, b } = pending;
    if (!("answer" in a) || !("answer" in b)) {
      await saveState(this.db, this.matchId, { ...state, pending });
      if (this.deps.defer) throw new MatchDeferred(nextLook(pending));
      // A caller that cannot come back (a match resumed in `arena match run`) waits for the next look here.
      await sleep(Math.max(0, nextLook(pending) - Date.now()), undefined, this.deps.signal ? { signal: this.deps.signal } : undefined);
      return this.resume({ ...state, pending }, pending);
    }
    return this.judgeRound(state, pending, a.answer, b.answer);
  }

  /** Steps 5–7: judgement, transition and the commit of the round. */
  private async judgeRound(held: MatchState, pending: PendingRound, a: AgentAnswer, b: AgentAnswer): Promise<MatchState> {
    const { pending: _done, ...state } = held;
    const { task, seed } = pending;
    const number = state.seq + 1;
    const expansions = [...pending.expansions];
    const record = (calls: ExaminerCall[], outcome: RoundOutcome) => this.record(pending, expansions, a, b, calls, outcome);
    const next = { ...state, seq: number };

    const answered = afterAnswers(a, b);
    if (answered.kind === "void") {
      const voided = { ...next, loop: pending.loop, voided: state.voided + 1 };
      return this.commit(record(pending.calls, { kind: "voided" }), voided);
    }
    if (answered.kind === "forfeit") {
      const { verdict, forfeit } = answered;
      const { state: loop, transition } = await this.apply(pending, a, b, verdict, expansions);
      return this.commit(record(pending.calls, { kind: "forfeit", forfeit, verdict, transition }), { ...next, loop });
    }
    const judged = await this.deps.examiner.judge(
      {
        question: task.question,
        wordLimitInstruction: task.wordLimitInstruction,
        checklistDepth: task.checklistDepth,
        checklistWidth: task.checklistWidth,
        answerA: a.text,
        answerB: b.text,
        citationsA: a.citations.count,
        citationsB: b.citations.count,
      },
      { seed },
    );
    const calls = [...pending.calls, ...judged.calls];
    if (!judged.verdict) {
      // a round of the budget spent, as in the reference; scores and position stay
      const failed = { ...next, loop: onJudgeError(pending.loop), judgeErrors: state.judgeErrors + 1 };
      return this.commit(record(calls, { kind: "judge_error", error: judged.error ?? "judge failed" }), failed);
    }
    const verdict = judged.verdict;
    const { state: loop, transition } = await this.apply(pending, a, b, verdict, expansions);
    return this.commit(record(calls, { kind: "judged", verdict, transition }), { ...next, loop });
  }

  /** Step 7 after a verdict (the judge's or a forfeit's): scores, the mercy rule, and the transition unless the match stopped. */
  private async apply(
    pending: PendingRound,
    a: AgentAnswer,
    b: AgentAnswer,
    verdict: Verdict,
    expansions: Expansion[],
  ): Promise<{ state: LoopState; transition: { action: TransitionAction; stuck: boolean } | null }> {
    const applied = applyJudgement(pending.loop, { question: pending.task.question, answerA: a.text, answerB: b.text, verdict });
    if (applied.stop) return { state: applied.state, transition: null };
    const moved = await transitionAfter(
      applied.state,
      this.view,
      verdict,
      async (kind, nodeId, count) => void expansions.push(await this.expand(kind, nodeId, count)),
    );
    return { state: moved.state, transition: { action: moved.transition.action, stuck: moved.transition.stuck } };
  }

  private record(
    pending: PendingRound,
    expansions: Expansion[],
    a: AgentAnswer,
    b: AgentAnswer,
    calls: ExaminerCall[],
    outcome: RoundOutcome,
  ): RoundRecord {
    const { task } = pending;
    const seat = (x: AgentAnswer): SeatRecord => ({
      text: x.text,
      latencyMs: x.latencyMs,
      tokens: x.tokens,
      costUsd: x.costUsd,
      citations: x.citations.count,
      error: x.error,
      trace: x.trace ?? null,
    });
    return {
      depth: pending.depth,
      width: pending.width,
      path: pending.loop.path.map((nodeId) => ({ nodeId, url: this.tree.node(nodeId)?.url ?? nodeId })),
      question: task.question,
      wordLimitInstruction: task.wordLimitInstruction,
      checklistDepth: task.checklistDepth,
      checklistWidth: task.checklistWidth,
      sourceUrls: task.sourceUrls,
      rationale: task.rationale,
      a: seat(a),
      b: seat(b),
      examinerMode: task.mode,
      examinerModel: this.deps.examinerModel,
      examinerCalls: calls,
      expansions,
      outcome,
    };
  }

  private async commit(round: RoundRecord, next: MatchState): Promise<MatchState> {
    await commitRound(this.db, this.matchId, round, next);
    const decided = round.outcome.kind === "judged" || round.outcome.kind === "forfeit" ? round.outcome : null;
    const transition = decided?.transition ?? null;
    this.onRound?.({
      round: next.seq,
      depth: round.depth,
      width: round.width,
      path: round.path.map((p) => p.url),
      verdict: decided?.verdict.verdict ?? null,
      forfeit: round.outcome.kind === "forfeit" ? round.outcome.forfeit : null,
      score_a: next.loop.scoreA,
      score_b: next.loop.scoreB,
      action: transition?.action ?? null,
      stuck: transition?.stuck ?? false,
      stop: next.loop.stopReason,
      error_a: round.a.error?.class ?? null,
      error_b: round.b.error?.class ?? null,
    });
    return next;
  }
}
