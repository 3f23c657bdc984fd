package io.gpuplan.output;

import io.gpuplan.problem.Problem;
import io.gpuplan.rules.Evaluation;
import io.gpuplan.rules.PlanEvaluator;
import io.gpuplan.sizing.Money;
import io.gpuplan.solve.PlanSolver;
import io.gpuplan.solve.SolutionDecisions;
import io.gpuplan.solve.SolverSettings;
import io.gpuplan.solve.Stopper;
import java.time.Duration;
import java.util.Map;
import java.util.TreeMap;

/**
 * R27: why each provider a plan opens is worth its fixed cost: the best plan a re-solve finds with that provider's
 * offers removed (same seed; a tenth of the move limit, at least 1,000 moves; a tenth of the time limit, at least a
 * second, and of CP-SAT's time), so the figure repeats with the plan. Only for a problem that states a provider
 * overhead and a plan that opens two providers or more (with one, removing it leaves nothing to compare). A search
 * result, not a proof: the plan labels it so.
 */
public final class ProviderWorth {
    static final long MIN_MOVES = 1_000;

    private ProviderWorth() {
    }

    public static boolean applies(Problem problem, Evaluation plan) {
        return problem.overheads().costly() && plan.openedProviders().size() >= 2;
    }

    /** The settings of each re-solve, from the solve's. */
    public static SolverSettings settings(SolverSettings solve) {
        long moves = solve.moveLimit() > 0 ? Math.max(MIN_MOVES, solve.moveLimit() / 10) : 0;
        Duration time = solve.timeLimit().dividedBy(10);
        return solve.withMoveLimit(moves).withTimeLimit(time.compareTo(Duration.ofSeconds(1)) < 0 ? Duration.ofSeconds(1) : time)
                .withExactSeconds(solve.exactSeconds() / 10);
    }

    public static Map<String, PlanDocument.WithoutIt> of(Problem problem, SolverSettings solve, Evaluation plan, Stopper stopper) {
        Map<String, PlanDocument.WithoutIt> out = new TreeMap<>();
        if (!applies(problem, plan)) {
            return out;
        }
        SolverSettings settings = settings(solve);
        for (String provider : plan.openedProviders()) {
            if (stopper.stopped()) {
                break;
            }
            Problem without = without(problem, provider);
            PlanSolver.Result r = PlanSolver.solve(without, settings, x -> { }, java.util.List.of(), stopper);
            Evaluation e = PlanEvaluator.evaluate(without, SolutionDecisions.of(r.plan()));
            out.put(provider, withoutIt(provider, plan, e, settings));
        }
        return out;
    }

    /** The problem with {@code provider}'s offers removed (its datasets stay where they are, billing egress). */
    static Problem without(Problem p, String provider) {
        // R31: the same previous plan (its continuing jobs keep their churn; carried pools of the provider go too).
        return p.withPrevious(p.offers().stream().filter(o -> !o.provider().equals(provider)).toList(), p.previous());
    }

    static PlanDocument.WithoutIt withoutIt(String provider, Evaluation plan, Evaluation without, SolverSettings s) {
        String search = " (a search result: seed " + s.seed() + ", " + s.moveLimit() + " moves; not proven)";
        if (!without.feasible()) {
            return new PlanDocument.WithoutIt("no feasible plan found without " + provider + search, null, null, null,
                    s.moveLimit());
        }
        long extra = without.costCents() - plan.costCents();
        long more = without.unplannedPriority() - plan.unplannedPriority();
        String statement = "best plan found without " + provider + ": " + Money.format(without.costCents()) + " ("
                + (extra >= 0 ? "+" : "") + Money.format(extra) + "), " + more + " priority more unplanned" + search;
        return new PlanDocument.WithoutIt(statement, Numbers.money(without.costCents()), Numbers.money(extra), more,
                s.moveLimit());
    }
}
