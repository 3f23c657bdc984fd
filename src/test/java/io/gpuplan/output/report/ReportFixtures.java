package io.gpuplan.output.report;

import io.gpuplan.Solving;
import io.gpuplan.TestProblems;
import io.gpuplan.output.PlanDocument;
import io.gpuplan.output.PlanDocumentBuilder;
import io.gpuplan.problem.Problem;
import io.gpuplan.rules.Decisions;
import io.gpuplan.rules.Evaluation;
import io.gpuplan.rules.PlanEvaluator;
import io.gpuplan.rules.Placement;
import io.gpuplan.solve.SolutionDecisions;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** Solved plans to render: the tiny fixture as solved, and variants with an unplanned job, a spot job and risk. */
final class ReportFixtures {
    /** A plan as the report takes it: the problem, the plan document and the evaluation of the same decisions. */
    record Rendered(Problem problem, PlanDocument plan, Evaluation evaluation) {
        String html() {
            return Report.html(problem, plan, evaluation);
        }

        String markdown() {
            return Report.markdown(problem, plan, evaluation);
        }

        Rendered withPlan(PlanDocument other) {
            return new Rendered(problem, other, evaluation);
        }
    }

    private static Solving.Solved tiny;

    private ReportFixtures() {
    }

    static synchronized Solving.Solved tinySolved() {
        if (tiny == null) {
            tiny = Solving.solve(TestProblems.load(TestProblems.TINY), Solving.TEST_MOVES);
        }
        return tiny;
    }

    /** Solves a problem file with the test move limit and evaluates the solution as the plan writer does. */
    static Rendered solve(Path file) {
        return rendered(Solving.solve(TestProblems.load(file), Solving.TEST_MOVES));
    }

    static Rendered tiny() {
        return rendered(tinySolved());
    }

    private static Rendered rendered(Solving.Solved s) {
        Problem p = s.loaded().problem();
        return new Rendered(p, s.plan(), PlanEvaluator.evaluate(p, SolutionDecisions.of(s.result().plan())));
    }

    /**
     * The tiny plan with finetune-13b left unplanned and pretrain-7b moved to the spot offer (8 GPUs from day 0):
     * a plan with one unplanned job (and its reason) and one spot job, numbers from the same builder as solve.
     */
    static Rendered tinyWithUnplannedAndSpot() {
        Solving.Solved s = tinySolved();
        Decisions solved = SolutionDecisions.of(s.result().plan());
        List<Placement> placements = new ArrayList<>();
        for (Placement p : solved.placements()) {
            if (p.job().equals("finetune-13b")) {
                continue;
            }
            placements.add(p.job().equals("pretrain-7b") ? new Placement("pretrain-7b", "aws-spot", 8, 0) : p);
        }
        Decisions d = new Decisions(placements, solved.reservations());
        Problem problem = s.loaded().problem();
        return new Rendered(problem, PlanDocumentBuilder.build(s.context(), d), PlanEvaluator.evaluate(problem, d));
    }

    static PlanDocument with(PlanDocument p, String name, List<PlanDocument.Assignment> assignments,
                             PlanDocument.Totals totals, PlanDocument.Risk risk) {
        return new PlanDocument(p.format(), name, p.problem(), p.solver(), p.score(), p.feasible(), p.currency(),
                p.summary(), p.reservations(), assignments, totals, risk, p.constraints(), p.prices(), p.run());
    }

    static PlanDocument.Totals withBound(PlanDocument.Totals t, PlanDocument.Bound b) {
        return new PlanDocument.Totals(t.cost(), t.byCategory(), t.byProvider(), t.byPurchaseModel(), t.byMonth(),
                t.byAccelerator(), t.commitmentsPastHorizon(), t.strandedCommitments(), t.ownedCapitalOutlay(), t.budget(), b, t.baselines());
    }
}
