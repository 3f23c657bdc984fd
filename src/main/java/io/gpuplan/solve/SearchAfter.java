package io.gpuplan.solve;

import ai.timefold.solver.core.api.score.HardMediumSoftScore;
import io.gpuplan.problem.Problem;
import io.gpuplan.rules.Decisions;
import io.gpuplan.rules.Evaluation;
import io.gpuplan.rules.PlanEvaluator;
import io.gpuplan.sizing.JobOptions;
import io.gpuplan.solve.bounds.Certifier;
import io.gpuplan.solve.moves.ExactSearch;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executor;

/**
 * A move-limited solve's exact search ({@link ExactSearch}): after local search, beside the rest of the certificate,
 * on {@link PlanSolver#AFTER_SHARE} of the level's effort in deterministic seconds, so that the solve repeats itself.
 * Nothing it reads changes while it runs (the priority bound is the one settled before it starts), and its result
 * counts only when the certificate proves neither local search's plan nor its own CP-SAT plan optimal (then the
 * search has run its whole budget); when it proves one (every bundled example's), the search is stopped and dropped:
 * no re-plan beats a proven plan. Its cost bounds reach the certificate only when its result counts, so the plan
 * states the same whenever the certificate ends.
 */
final class SearchAfter {
    private record Bound(long priority, long cents) {
    }

    private final Problem problem;
    private final Evaluation local;
    private final Stopper enough = new Stopper();
    private final Stopper.Registration interrupt;
    private final List<Bound> bounds = new CopyOnWriteArrayList<>();
    private final CompletableFuture<ExactPlans.Found> found;

    /**
     * Starts the search on {@code beside} once {@code levelled} has settled the most priority (the LP, then CP-SAT once
     * more: Certifier#mostPriorityAgain), on half the budget, from the better of local search's plan and CP-SAT's plan
     * of the most priority, with the priority bound settled then (on 120-job quarters CP-SAT found a job more than
     * local search, and proved no plan runs more: with the LP's bound alone the search spent its half trying to bring
     * jobs in). The other half goes on from the better of that search's plan and the certificate's CP-SAT plan once the
     * certificate is done (on 80 × 20 seed 1 CP-SAT's cheapest plan was the better start: docs/benchmarks.md).
     * {@code local} is local search's plan {@code localPlan} as the solve evaluated it.
     */
    SearchAfter(Problem problem, List<JobOptions> options, Decisions localPlan, Evaluation local, SolverSettings settings,
                long deadline, Stopper stopper, CompletableFuture<Certifier> levelled,
                CompletableFuture<Certifier> certifier, Executor beside) {
        this.problem = problem;
        this.local = local;
        this.interrupt = stopper.onStop(enough::stop);
        double effort = settings.exactSeconds();
        ExactSearch.Budget half = PlanSolver.exactBudget(effort, effort * PlanSolver.AFTER_SHARE / 2);
        ExactSearch.CostBound kept = (priority, cents) -> bounds.add(new Bound(priority, cents));
        ExactPlans.Found localFound = new ExactPlans.Found(localPlan, HardMediumSoftScore.parseScore(local.score()));
        CompletableFuture<ExactPlans.Found> first = levelled.thenApplyAsync(c -> ExactSearch.run(problem, options,
                better(localFound, c.mostPriorityPlan()).plan(), new ExactPlans(), deadline, enough, half,
                new ExactSearch.Bounds(kept, c::mostPriorityBound), settings.seed()), beside);
        found = first.thenCombineAsync(certifier, (a, c) -> {
            ExactPlans.Found from = a == null ? null : better(a, c.exactPlan());
            return from == null ? null : ExactSearch.run(problem, options, from.plan(), new ExactPlans(), deadline,
                    enough, half, new ExactSearch.Bounds(kept, c::mostPriorityBound), settings.seed() + 1);
        }, beside);
    }

    /** The better of a plan and CP-SAT's ({@code cpSat}, null: none). */
    private ExactPlans.Found better(ExactPlans.Found plan, Decisions cpSat) {
        if (cpSat == null) {
            return plan;
        }
        ExactPlans.Found other = ExactPlans.Found.of(problem, cpSat);
        return other.beats(plan) ? other : plan;
    }

    /**
     * The search's plan once the certificate is done ({@code proven}, null when it failed): null when the certificate
     * proves local search's plan or its own optimal, or the search found nothing or failed.
     */
    ExactPlans.Found result(Certifier proven) {
        try {
            if (proven != null && (proven.provesOptimal(local)
                    || proven.exactPlan() != null && proven.provesOptimal(PlanEvaluator.evaluate(problem, proven.exactPlan())))) {
                enough.stop();
                found.exceptionally(e -> null).join(); // ends within a re-plan, so no CP-SAT outlives the solve
                return null;
            }
            ExactPlans.Found plan = found.exceptionally(e -> null).join();
            if (proven != null) {
                bounds.forEach(b -> proven.exactSearchBound(b.priority(), b.cents()));
            }
            return plan;
        } finally {
            interrupt.close();
        }
    }
}
