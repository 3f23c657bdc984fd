package io.gpuplan.output.focus;

import io.gpuplan.rules.CostLine;
import io.gpuplan.rules.Totals;
import java.util.ArrayList;
import java.util.List;

/**
 * R27's rows, one per line per month, in the base currency, not amortized (EffectiveCost = BilledCost: neither pays
 * for later usage): the support plan a provider bills (ChargeCategory Purchase, ChargeFrequency Recurring, FOCUS
 * 1.1+'s ServiceCategory "Management and Governance" / ServiceSubcategory "Support", over the horizon), and the fixed
 * cost of opening a provider (Purchase, One-Time, billed by {@code internal} like migration work, in the horizon's
 * first month). The resource is the provider ({@code provider/<name>}).
 */
final class OverheadRows {
    private OverheadRows() {
    }

    static List<FocusRow> of(RowContext c, CostLine line) {
        boolean support = line.kind() == CostLine.Kind.SUPPORT;
        String provider = line.source();
        String sku = (support ? "support/" : "onboarding/") + provider;
        Periods.Span span = support ? new Periods.Span(0, c.horizon().slots()) : new Periods.Span(0, 1);
        List<FocusRow> rows = new ArrayList<>();
        line.byMonth().forEach((month, cents) -> {
            FocusRow row = c.row(month, FocusRow.Group.PROVIDER, provider,
                    support ? FocusRow.Line.SUPPORT : FocusRow.Line.FIXED, null);
            c.period(row, span, month);
            c.billedBy(row, support ? provider : Totals.INTERNAL);
            String price = Periods.money(cents);
            c.cost(row, cents, cents, cents)
                    .set("ListUnitPrice", price).set("ContractedUnitPrice", price)
                    .set("PricingCurrencyListUnitPrice", price).set("PricingCurrencyContractedUnitPrice", price)
                    .set("ChargeCategory", "Purchase").set("ChargeFrequency", support ? "Recurring" : "One-Time")
                    .set("PricingCategory", "Standard")
                    .set("ChargeDescription", support
                            ? provider + " support plan: max(rate x spend, monthly minimum) over the horizon (R27)"
                            : "fixed cost of using " + provider + ": onboarding and operations, the team's own work (R27)")
                    .set("ServiceCategory", support ? "Management and Governance" : "Other")
                    .set("ServiceSubcategory", support ? "Support" : "Other")
                    .set("ServiceName", support ? "Support Plan" : "Provider Onboarding")
                    .set("ResourceId", "provider/" + provider).set("ResourceName", provider)
                    .set("ResourceType", support ? "Support Plan" : "Provider Onboarding")
                    .set("SkuId", sku).set("SkuPriceId", sku).set("SkuMeter", support ? "Support" : "Onboarding")
                    .set("PricingUnit", "Units").set("PricingQuantity", "1")
                    .set("PricingCurrency", c.currency()).set("x_ExchangeRate", "1")
                    .set("x_Rule", "R27").set("x_PurchaseModel", Totals.OVERHEAD);
            rows.add(row);
        });
        return rows;
    }
}
