package io.gpuplan.solve.bounds;

import com.google.ortools.Loader;
import com.google.ortools.linearsolver.MPConstraintProto;
import com.google.ortools.linearsolver.MPModelProto;
import com.google.ortools.linearsolver.MPModelRequest;
import com.google.ortools.linearsolver.MPSolutionResponse;
import com.google.ortools.linearsolver.MPSolver;
import com.google.ortools.linearsolver.MPSolverResponseStatus;
import com.google.ortools.linearsolver.MPVariable;
import com.google.ortools.linearsolver.MPVariableProto;
import io.gpuplan.solve.Stopper;
import java.util.ArrayList;
import java.util.List;

/**
 * Hands a {@link Relaxation} to OR-Tools: GLOP for its linear programme (stopped by Ctrl-C), HiGHS when every
 * column is integer (the benchmark's exact MIP), SCIP for a solve's re-plan of every job ({@link RestrictedMip}). One
 * objective at a time: the most priority, or the least cost at a priority level (a row {@code sum priority·x >= level}).
 * Costs are passed in units of 10,000 cents so the rows the solvers see are well scaled; what comes back (values,
 * duals, reduced costs) is turned back into cents.
 */
final class LinearSolve {
    /** Cents per unit of cost the solvers see. */
    static final double COST_UNIT = 10_000;

    enum Objective {
        PRIORITY, COST
    }

    /**
     * What a solver returned: its status, objective (cents or priority), column values, row multipliers, reduced costs
     * (GLOP's), the best bound a MIP solver proved (SCIP's; OR-Tools reports HiGHS's incumbent as its bound, so a HiGHS
     * MIP proves something only when it ends optimal).
     */
    record Answer(MPSolverResponseStatus status, double objective, double[] values, double[] multipliers,
                  double multiplierOfLevel, double[] reducedCosts, double bestBound) {
        boolean hasSolution() {
            return status == MPSolverResponseStatus.MPSOLVER_OPTIMAL || status == MPSolverResponseStatus.MPSOLVER_FEASIBLE;
        }

        boolean optimal() {
            return status == MPSolverResponseStatus.MPSOLVER_OPTIMAL;
        }
    }

    private LinearSolve() {
    }

    static synchronized void load() {
        Loader.loadNativeLibraries();
    }

    /**
     * @param level       for the cost objective, the priority plans must run at least (ignored for priority)
     * @param integer     solve the MIP (HiGHS) instead of the LP (GLOP)
     * @param parameters  solver-specific parameters (HiGHS: {@code name=value} lines), or null
     * @param seconds     wall-clock cap
     */
    static Answer solve(Relaxation r, Objective objective, long level, boolean integer, double seconds,
                        String parameters, Stopper stopper) {
        load();
        MPModelProto model = model(r, objective, level, integer);
        if (integer) {
            // HiGHS takes its parameters only through the request (MPSolver's setter does not reach it).
            MPModelRequest.Builder request = MPModelRequest.newBuilder().setModel(model)
                    .setSolverType(MPModelRequest.SolverType.HIGHS_MIXED_INTEGER_PROGRAMMING).setSolverTimeLimitSeconds(seconds);
            if (parameters != null) {
                request.setSolverSpecificParameters(parameters);
            }
            return answer(r, objective, true, checked(MPSolver.solveWithProto(request.build())));
        }
        return run("GLOP", model, null, null, r, objective, seconds, stopper);
    }

    /**
     * SCIP on the MIP of least cost at {@code level} priority, started from {@code hint}.
     *
     * @param hint       per job column its value in the plan to start from, NaN where it gives none (SCIP completes the
     *                   rest)
     * @param parameters SCIP's {@code name = value} lines
     */
    static Answer scip(Relaxation r, long level, double[] hint, String parameters, double seconds, Stopper stopper) {
        load();
        return run("SCIP", model(r, Objective.COST, level, true), hint, parameters, r, Objective.COST, seconds, stopper);
    }

    /** One solve by an MPSolver, stopped by Ctrl-C; {@code hint} as {@link #scip} takes it (null: none). */
    private static Answer run(String solverId, MPModelProto model, double[] hint, String parameters, Relaxation r,
                              Objective objective, double seconds, Stopper stopper) {
        MPSolver solver = MPSolver.createSolver(solverId);
        try (Stopper.Registration ignored = stopper.onStop(solver::interruptSolve)) {
            String error = solver.loadModelFromProto(model);
            if (!error.isEmpty()) {
                throw new IllegalStateException("OR-Tools refused the model: " + error);
            }
            if (hint != null) {
                List<MPVariable> variables = new ArrayList<>();
                List<Double> values = new ArrayList<>();
                for (int c = 0; c < hint.length; c++) {
                    if (!Double.isNaN(hint[c])) {
                        variables.add(solver.variable(c));
                        values.add(hint[c]);
                    }
                }
                solver.setHint(variables.toArray(new MPVariable[0]), values.stream().mapToDouble(Double::doubleValue).toArray());
            }
            if (parameters != null && !solver.setSolverSpecificParametersAsString(parameters)) {
                throw new IllegalStateException(solverId + " refused its parameters: " + parameters);
            }
            solver.setTimeLimit((long) Math.ceil(seconds * 1000));
            try {
                // An interrupt before the solve starts is lost: stopped by then (the capped re-plan queued behind the
                // other two, on an 80-job quarter), SCIP would run its whole node limit, minutes, after a Ctrl-C.
                if (!stopper.stopped()) {
                    solver.solve();
                }
            } catch (IllegalArgumentException e) {
                // OR-Tools' Java enum lacks some statuses it can return; the response below still says what happened.
            }
            return answer(r, objective, !"GLOP".equals(solverId), checked(solver.createSolutionResponseProto()));
        } finally {
            solver.delete();
        }
    }

    private static MPSolutionResponse checked(MPSolutionResponse response) {
        if (response.getStatus() == MPSolverResponseStatus.MPSOLVER_MODEL_INVALID_SOLVER_PARAMETERS
                || response.getStatus() == MPSolverResponseStatus.MPSOLVER_MODEL_INVALID) {
            throw new IllegalStateException("OR-Tools refused the model: " + response.getStatusStr());
        }
        return response;
    }

    private static Answer answer(Relaxation r, Objective objective, boolean integer, MPSolutionResponse response) {
        double scale = objective == Objective.COST ? COST_UNIT : 1;
        double[] values = new double[response.getVariableValueCount()];
        for (int c = 0; c < values.length; c++) {
            values[c] = response.getVariableValue(c);
        }
        // Rows: the jobs' own, then the coupling rows, then the level row. Multipliers of the coupling rows in the
        // units of the relaxation (cents in budget rows), non-negative whichever sign convention the solver uses.
        double sign = objective == Objective.COST ? -1 : 1;
        double[] v = new double[r.rows()];
        double level = 0;
        // HiGHS's duals do not reach the response correctly through OR-Tools; only GLOP's are read.
        if (!integer && response.getDualValueCount() > 0) {
            for (int k = 0; k < r.rows(); k++) {
                double dual = sign * response.getDualValue(r.jobs() + k) * scale;
                v[k] = Math.max(0, r.budgetRow()[k] ? dual / COST_UNIT : dual);
            }
            if (objective == Objective.COST && response.getDualValueCount() > r.jobs() + r.rows()) {
                level = Math.max(0, response.getDualValue(r.jobs() + r.rows()) * scale);
            }
        }
        double[] reduced = new double[response.getReducedCostCount()];
        for (int c = 0; c < reduced.length; c++) {
            reduced[c] = response.getReducedCost(c) * scale;
        }
        return new Answer(response.getStatus(), response.getObjectiveValue() * scale, values, v, level, reduced,
                response.getBestObjectiveBound() * scale);
    }

    private static MPModelProto model(Relaxation r, Objective objective, long level, boolean integer) {
        MPModelProto.Builder m = MPModelProto.newBuilder().setMaximize(objective == Objective.PRIORITY);
        int jobColumns = r.jobColumns();
        for (int c = 0; c < r.columns(); c++) {
            boolean pool = c >= jobColumns;
            double coefficient;
            if (objective == Objective.COST) {
                coefficient = r.cost()[c] / COST_UNIT;
            } else {
                coefficient = pool ? 0 : r.priority()[jobOf(r, c)];
            }
            double upper = pool ? r.poolLimit()[c - jobColumns] : 1;
            m.addVariable(MPVariableProto.newBuilder().setLowerBound(0)
                    .setUpperBound(Double.isInfinite(upper) ? Double.POSITIVE_INFINITY : upper)
                    .setObjectiveCoefficient(coefficient).setIsInteger(integer));
        }
        for (int j = 0; j < r.jobs(); j++) {
            MPConstraintProto.Builder row = MPConstraintProto.newBuilder().setLowerBound(0).setUpperBound(1);
            for (int c = r.jobFirst()[j]; c < r.jobFirst()[j + 1]; c++) {
                row.addVarIndex(c).addCoefficient(1);
            }
            m.addConstraint(row);
        }
        // Coupling rows, transposed from the columns' entries.
        int[] count = new int[r.rows()];
        for (int row : r.entryRow()) {
            count[row]++;
        }
        int[][] vars = new int[r.rows()][];
        double[][] coefs = new double[r.rows()][];
        for (int k = 0; k < r.rows(); k++) {
            vars[k] = new int[count[k]];
            coefs[k] = new double[count[k]];
        }
        int[] fill = new int[r.rows()];
        for (int c = 0; c < r.columns(); c++) {
            for (int e = r.entryFirst()[c]; e < r.entryFirst()[c + 1]; e++) {
                int k = r.entryRow()[e];
                vars[k][fill[k]] = c;
                coefs[k][fill[k]++] = r.entryCoef()[e];
            }
        }
        for (int k = 0; k < r.rows(); k++) {
            double unit = r.budgetRow()[k] ? COST_UNIT : 1;
            MPConstraintProto.Builder row = MPConstraintProto.newBuilder()
                    .setLowerBound(Double.NEGATIVE_INFINITY).setUpperBound(r.rhs()[k] / unit);
            for (int i = 0; i < vars[k].length; i++) {
                row.addVarIndex(vars[k][i]).addCoefficient(coefs[k][i] / unit);
            }
            m.addConstraint(row);
        }
        if (objective == Objective.COST) {
            MPConstraintProto.Builder row = MPConstraintProto.newBuilder().setLowerBound(level).setUpperBound(Double.POSITIVE_INFINITY);
            for (int c = 0; c < jobColumns; c++) {
                row.addVarIndex(c).addCoefficient(r.priority()[jobOf(r, c)]);
            }
            m.addConstraint(row);
        }
        return m.build();
    }

    private static int jobOf(Relaxation r, int column) {
        int lo = 0;
        int hi = r.jobs() - 1;
        while (lo < hi) {
            int mid = (lo + hi + 1) >>> 1;
            if (r.jobFirst()[mid] <= column) {
                lo = mid;
            } else {
                hi = mid - 1;
            }
        }
        return lo;
    }
}
