package io.gpuplan.output.focus;

import io.gpuplan.problem.Horizon;
import io.gpuplan.problem.Job;
import io.gpuplan.problem.Offer;
import io.gpuplan.problem.Problem;
import java.time.LocalDateTime;
import java.time.YearMonth;
import java.util.Locale;

/** What every row of one plan shares, and the cells that come from an offer or a job. */
final class RowContext {
    static final String GPU_HOURS = "GPU-Hours";
    /** ResourceType of a job's compute: what FOCUS calls the resource it runs on. */
    static final String GPU_VM = "GPU Virtual Machine";

    private final Problem problem;
    private final String scenario;

    RowContext(Problem problem, String scenario) {
        this.problem = problem;
        this.scenario = scenario;
    }

    Problem problem() {
        return problem;
    }

    Horizon horizon() {
        return problem.horizon();
    }

    String currency() {
        return problem.currency();
    }

    /** Units of {@code currency} per 1 base unit (R5); 1 for the base currency. */
    double rate(String currency) {
        return currency.equals(problem.currency()) ? 1.0 : problem.exchangeRates().getOrDefault(currency, 1.0);
    }

    /** A row with the cells every line has: billing currency and period (the calendar month) and the scenario. */
    FocusRow row(YearMonth month, FocusRow.Group group, String id, FocusRow.Line line, String offer) {
        return new FocusRow(month, group, id, line, offer)
                .set("BillingCurrency", problem.currency())
                .set("BillingPeriodStart", Periods.instant(Periods.monthStart(month)))
                .set("BillingPeriodEnd", Periods.instant(Periods.monthStart(month.plusMonths(1))))
                .set("x_ScenarioId", scenario)
                .set("x_OfferId", offer);
    }

    /** ChargePeriodStart/End: the part of {@code span} in {@code month}. */
    FocusRow period(FocusRow row, Periods.Span span, YearMonth month) {
        LocalDateTime[] p = span.within(horizon(), month);
        return row.set("ChargePeriodStart", Periods.instant(p[0])).set("ChargePeriodEnd", Periods.instant(p[1]));
    }

    /** Who bills: the provider is its own billing account, invoice issuer and publisher (no accounts in a plan). */
    FocusRow billedBy(FocusRow row, String provider) {
        return row.set("BillingAccountId", provider).set("BillingAccountName", provider)
                .set("BillingAccountType", "Billing Account").set("InvoiceIssuerName", provider)
                .set("ProviderName", provider).set("PublisherName", provider);
    }

    /** The cells an offer gives a compute or reservation line: provider, region, SKU, prices in both currencies. */
    FocusRow offer(FocusRow row, Offer o) {
        return billedBy(row, o.provider())
                .set("RegionId", o.region()).set("RegionName", o.region())
                .set("ServiceCategory", "Compute").set("ServiceSubcategory", "Virtual Machines")
                .set("ServiceName", "GPU Compute")
                .set("SkuId", o.id()).set("SkuPriceId", o.id()).set("SkuMeter", "GPU Hours")
                .set("PricingUnit", GPU_HOURS)
                .set("ListUnitPrice", Periods.number(o.priceInBase()))
                .set("ContractedUnitPrice", Periods.number(o.priceInBase()))
                .set("PricingCurrency", o.currency())
                .set("PricingCurrencyListUnitPrice", Periods.number(o.price()))
                .set("PricingCurrencyContractedUnitPrice", Periods.number(o.price()))
                .set("x_Accelerator", o.accelerator().name())
                .set("x_PurchaseModel", o.purchase().label())
                .set("x_ExchangeRate", Periods.number(rate(o.currency())));
    }

    /**
     * The cells of a job's own lines: it is the resource, of the type of what it runs on (a GPU virtual machine,
     * a data transfer, a stack migration); its kind (training, inference, ...) is a property, so a tag.
     */
    FocusRow job(FocusRow row, Job job, String resourceType) {
        return row.set("ResourceId", job.id()).set("ResourceName", job.id())
                .set("ResourceType", resourceType).set("Tags", "{\"x_JobKind\":\"" + kind(job) + "\"}")
                .set("x_JobId", job.id());
    }

    /**
     * The on-demand offer whose price is a reservation's list price: the same accelerator from the same provider in
     * the same region, the cheapest if several; null when the problem has none (then nothing is claimed as saved).
     */
    Offer onDemandTwin(Offer reserved) {
        Offer best = null;
        for (Offer o : problem.offers()) {
            if (o.purchase() == io.gpuplan.problem.PurchaseModel.ON_DEMAND && o.provider().equals(reserved.provider())
                    && o.region().equals(reserved.region()) && o.accelerator().equals(reserved.accelerator())
                    && (best == null || o.priceInBase() < best.priceInBase())) {
                best = o;
            }
        }
        return best;
    }

    /**
     * The money of a line that is neither a prepaid purchase nor amortized: billed, effective, list and contracted
     * cost are the same cents; {@code pricingEffective} is the effective cost in the pricing currency, priced there
     * from the offer's own price (R5), not converted back from the rounded base-currency cents.
     */
    FocusRow cost(FocusRow row, long billed, long effective, long pricingEffective) {
        long listed = Math.max(billed, effective);
        return row.set("BilledCost", Periods.money(billed)).set("EffectiveCost", Periods.money(effective))
                .set("ListCost", Periods.money(listed)).set("ContractedCost", Periods.money(listed))
                .set("PricingCurrencyEffectiveCost", Periods.money(pricingEffective));
    }

    static String kind(Job job) {
        return job.kind().name().toLowerCase(Locale.ROOT).replace('_', '-');
    }
}
