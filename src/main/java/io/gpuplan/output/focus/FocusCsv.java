package io.gpuplan.output.focus;

import io.gpuplan.output.PlanDocument;
import io.gpuplan.problem.Problem;
import io.gpuplan.rules.CostLine;
import io.gpuplan.rules.Evaluation;
import io.gpuplan.rules.JobResult;
import io.gpuplan.rules.OwnedResult;
import io.gpuplan.rules.ReservationResult;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * The forecast of a plan as a FOCUS 1.2 cost-and-usage dataset ({@code X.focus.csv}, PLAN-FORMAT.md §2): one row
 * per cost line per calendar month, every FOCUS 1.2 column in specification order, then gpuplan's {@code x_}
 * columns ({@link FocusColumns}). Every amount is a cent value of the plan's cost lines
 * ({@link Evaluation#costLines()}, already spread over months), never recomputed, so that both the sum of
 * BilledCost and the sum of EffectiveCost equal the plan's total cost to the cent.
 *
 * <ul>
 *   <li><b>On-demand and spot compute (R17)</b>: ChargeCategory Usage, ChargeFrequency Usage-Based, PricingCategory
 *       Standard (on-demand) or Dynamic (spot); BilledCost = EffectiveCost = the month's cents. PricingQuantity =
 *       ConsumedQuantity = GPU-hours (billed GPUs × W), spread over months like the cost (hours of the occupied
 *       slots in each month, largest remainder at 1e-4 GPU-hours).</li>
 *   <li><b>Reservations (R18)</b>, as FOCUS models commitment discounts (its appendix "Commitment Discount
 *       Scenarios"): CommitmentDiscountId {@code reservation/<offer>}, per month a <i>Purchase</i> row
 *       (ChargeFrequency Recurring, PricingCategory Standard, BilledCost = the reservation line's cents of the
 *       month, EffectiveCost 0, CommitmentDiscountQuantity = GPUs bought × hours of the month in the horizon); a
 *       <i>Usage</i> row per covered job (PricingCategory Committed, CommitmentDiscountStatus Used) and an
 *       <i>Unused</i> row (Committed, Unused) for reserved GPU-hours no job occupies, both BilledCost 0 with the
 *       month's cents amortized over them in proportion to GPU-hours: a job's are its billed GPUs × its occupied
 *       hours in the month (slots count whole, as R21 reserves them), the Unused row's are bought − used (largest
 *       remainder in cents; ties go to jobs by id, idle last). CommitmentDiscountQuantity and PricingQuantity hold
 *       those GPU-hours; a covered job's ConsumedQuantity is its billed GPUs × W (what it runs), and the Unused row
 *       has none, as FOCUS 1.2 requires. The commitment that runs past the horizon (term months) is not plan cost
 *       and has no row: the Purchase rows name it in ChargeDescription, the plan lists it (reservations).</li>
 *   <li><b>Transfer (R19)</b>: Usage, One-Time, Standard, billed by the dataset's provider in its region,
 *       quantity in GB at the per-GB rate, in the month of the job's start slot.</li>
 *   <li><b>Migration (R16)</b>: Purchase, One-Time, Standard, BilledCost = EffectiveCost (it pays for no future
 *       usage), billed by {@code internal}, one unit, in the month of the job's start slot.</li>
 *   <li><b>Owned GPUs (R28)</b> ({@link OwnedRows}): a prepaid one-time Purchase row for the capital outlay in the
 *       horizon's first month (BilledCost = outlay, EffectiveCost 0: not plan cost), its amortization as monthly
 *       depreciation Usage rows (BilledCost 0, EffectiveCost the month's depreciation), operations per month and
 *       power per job and month (BilledCost = EffectiveCost; power in kWh). ServiceSubcategory Bare Metal. With owned
 *       GPUs the sum of BilledCost is plan cost − depreciation + outlay; EffectiveCost still sums to plan cost.</li>
 *   <li><b>Capacity blocks (R30)</b> ({@link BlockRows}), as a prepaid commitment (CommitmentDiscountId
 *       {@code block/<job>}), both rows in the month the block starts: a Purchase row (One-Time, Standard, BilledCost
 *       = the block's cents, EffectiveCost 0, quantity its GPU-hours = billed GPUs × days × 24) and the job's Usage
 *       row (Committed, Used, BilledCost 0, EffectiveCost the block's cents, ConsumedQuantity billed GPUs × W).</li>
 * </ul>
 *
 * <p>Money columns are in the base currency (BillingCurrency). An offer priced in another currency keeps its price
 * as written in PricingCurrency / PricingCurrencyListUnitPrice / PricingCurrencyContractedUnitPrice, with
 * PricingCurrencyEffectiveCost priced in that currency from the offer's own price (GPUs × hours × price, rounded
 * half-up to its cent and spread over months and rows like the base cents; informative, not summed): the base
 * amount is that exact amount converted once (R5), never the other way round.
 * ListUnitPrice = ContractedUnitPrice = the offer's price in the base currency, so ListCost = ContractedCost = the
 * row's cost; unit price × quantity matches it up to the cent rounding of lines. The exception is a covered job's
 * Committed row: its list price is the on-demand price of the same accelerator, provider and region (the cheapest
 * such offer of the problem, when there is one), and ListCost = ConsumedQuantity × that price, so ListCost −
 * EffectiveCost is what the reservation saves on that usage. ResourceType is what the line buys (GPU Virtual
 * Machine, Data Transfer, Stack Migration, GPU Reservation); the job's kind is in Tags ({@code x_JobKind}).
 * BillingPeriod is the calendar month; ChargePeriod is the part of the month the line covers (the job's occupied
 * slots, the start slot for one-time lines, the horizon for a reservation). Times are ISO 8601 in UTC
 * ({@code 2027-01-01T00:00:00Z}): plans have no time zone, so slot times are read as UTC. A plan has no accounts
 * or invoices: each provider is its own billing account, invoice issuer and publisher; InvoiceId is null.
 * Null is an empty field; fields are quoted per RFC 4180 (when they hold a comma, quote, CR or LF) and records
 * end with CRLF. Rows are sorted by month, then job rows before reservation rows, then by job or commitment id.
 */
public final class FocusCsv {
    private static final String EOL = "\r\n";
    private static final java.util.Set<CostLine.Kind> JOB_LINES = java.util.EnumSet.of(CostLine.Kind.COMPUTE,
            CostLine.Kind.TRANSFER, CostLine.Kind.MIGRATION, CostLine.Kind.POWER, CostLine.Kind.STORAGE, CostLine.Kind.STORAGE_COPY,
            CostLine.Kind.BLOCK, CostLine.Kind.CHURN);

    private FocusCsv() {
    }

    public static String render(Problem problem, PlanDocument plan, Evaluation evaluation) {
        RowContext c = new RowContext(problem, scenarioId(problem, plan));
        Map<String, JobResult> jobs = evaluation.jobs().stream().filter(j -> j.planned() && j.option() != null)
                .collect(Collectors.toMap(j -> j.job().id(), Function.identity()));
        List<FocusRow> rows = new ArrayList<>();
        for (CostLine line : evaluation.costLines()) {
            if (line.kind().overhead()) {
                rows.addAll(OverheadRows.of(c, line));
            } else if (JOB_LINES.contains(line.kind())) {
                rows.addAll(JobRows.of(c, line, jobs.get(line.source())));
            }
        }
        for (ReservationResult r : evaluation.reservations()) {
            CostLine line = evaluation.costLines().stream()
                    .filter(l -> l.kind() == CostLine.Kind.RESERVATION && l.offer().equals(r.offer().id()))
                    .findFirst().orElse(null);
            List<JobResult> covered = jobs.values().stream().filter(j -> j.offer().equals(r.offer())).toList();
            rows.addAll(CommitmentRows.of(c, r, line, covered));
            evaluation.costLines().stream()
                    .filter(l -> l.kind() == CostLine.Kind.STRANDED && l.offer().equals(r.offer().id()))
                    .findFirst().ifPresent(l -> rows.add(CommitmentRows.stranded(c, r, l)));
        }
        for (OwnedResult r : evaluation.owned()) {
            rows.addAll(OwnedRows.of(c, r, line(evaluation, CostLine.Kind.DEPRECIATION, r.offer().id()),
                    line(evaluation, CostLine.Kind.OPERATIONS, r.offer().id())));
        }
        rows.sort(FocusRow.ORDER);
        StringBuilder out = new StringBuilder();
        record(out, FocusColumns.ALL);
        for (FocusRow row : rows) {
            record(out, FocusColumns.ALL.stream().map(row::get).toList());
        }
        return out.toString();
    }

    private static CostLine line(Evaluation e, CostLine.Kind kind, String offer) {
        return e.costLines().stream().filter(l -> l.kind() == kind && l.offer().equals(offer)).findFirst().orElse(null);
    }

    /** The problem file's name without {@code .yaml} (e.g. {@code quarterly-mixed-2027q1}), else the problem's name. */
    static String scenarioId(Problem problem, PlanDocument plan) {
        if (plan != null && plan.problem() != null && plan.problem().file() != null) {
            return plan.problem().file().replaceFirst("\\.(?i:ya?ml)$", "");
        }
        return plan != null && plan.name() != null ? plan.name() : problem.name();
    }

    private static void record(StringBuilder out, List<String> fields) {
        for (int i = 0; i < fields.size(); i++) {
            if (i > 0) {
                out.append(',');
            }
            out.append(field(fields.get(i)));
        }
        out.append(EOL);
    }

    /** RFC 4180 quoting, formula-like text neutralized ({@link io.gpuplan.output.CsvField}); null is empty. */
    static String field(String value) {
        return io.gpuplan.output.CsvField.of(value);
    }
}
