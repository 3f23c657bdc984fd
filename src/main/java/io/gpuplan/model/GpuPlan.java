package io.gpuplan.model;

import ai.timefold.solver.core.api.domain.solution.PlanningEntityCollectionProperty;
import ai.timefold.solver.core.api.domain.solution.PlanningScore;
import ai.timefold.solver.core.api.domain.solution.PlanningSolution;
import ai.timefold.solver.core.api.domain.solution.ProblemFactCollectionProperty;
import ai.timefold.solver.core.api.score.HardMediumSoftScore;
import io.gpuplan.problem.Offer;
import io.gpuplan.problem.Problem;
import java.util.List;

/** The planning solution: one {@link JobAssignment} per job, plus the facts the constraints need. */
@PlanningSolution
public class GpuPlan {
    private Problem problem;

    @ProblemFactCollectionProperty
    private List<Offer> offers;
    @ProblemFactCollectionProperty
    private List<ReservedPool> reservedPools;
    @ProblemFactCollectionProperty
    private List<TotalBudget> totalBudgets;
    @ProblemFactCollectionProperty
    private List<ProviderBudget> providerBudgets;
    @ProblemFactCollectionProperty
    private List<ProviderOverheadFact> providerOverheads;
    @ProblemFactCollectionProperty
    private List<ProviderLimit> providerLimits;
    @PlanningEntityCollectionProperty
    private List<JobAssignment> assignments;
    @PlanningScore
    private HardMediumSoftScore score;

    public GpuPlan() {
    }

    public GpuPlan(Problem problem, List<ReservedPool> reservedPools, List<TotalBudget> totalBudgets,
                   List<ProviderBudget> providerBudgets, List<JobAssignment> assignments) {
        this.problem = problem;
        this.offers = problem.offers();
        this.reservedPools = reservedPools;
        this.totalBudgets = totalBudgets;
        this.providerBudgets = providerBudgets;
        this.assignments = assignments;
        this.providerOverheads = GpuPlanFactory.providerOverheads(problem);
        this.providerLimits = GpuPlanFactory.providerLimits(problem);
    }

    public Problem getProblem() {
        return problem;
    }

    public List<Offer> getOffers() {
        return offers;
    }

    public List<ReservedPool> getReservedPools() {
        return reservedPools;
    }

    public List<TotalBudget> getTotalBudgets() {
        return totalBudgets;
    }

    public List<ProviderBudget> getProviderBudgets() {
        return providerBudgets;
    }

    public List<ProviderOverheadFact> getProviderOverheads() {
        return providerOverheads;
    }

    public List<ProviderLimit> getProviderLimits() {
        return providerLimits;
    }

    public List<JobAssignment> getAssignments() {
        return assignments;
    }

    public HardMediumSoftScore getScore() {
        return score;
    }

    public void setScore(HardMediumSoftScore score) {
        this.score = score;
    }
}
