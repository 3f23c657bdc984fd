package io.gpuplan.output.focus;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gpuplan.Solving;
import io.gpuplan.TestProblems;
import io.gpuplan.rules.PlanEvaluator;
import io.gpuplan.solve.SolutionDecisions;
import java.util.HashSet;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The CSV's header is the FOCUS 1.2 column list in specification order, then x_ columns only. */
class FocusColumnsTest {
    /**
     * FOCUS 1.2, copied for this test from the specification (tag v1.2, commit
     * 7296e3146fb931ee32b6496fa6e4200e7f4384f7): the order of
     * https://github.com/FinOps-Open-Cost-and-Usage-Spec/FOCUS_Spec/blob/v1.2/specification/columns/columns.mdpp
     * with each file's "Column ID" (e.g. provider.md is ProviderName, invoiceissuer.md is InvoiceIssuerName).
     */
    static final List<String> FOCUS_1_2 = List.of(
            "AvailabilityZone", "BilledCost", "BillingAccountId", "BillingAccountName", "BillingAccountType",
            "BillingCurrency", "BillingPeriodEnd", "BillingPeriodStart", "CapacityReservationId",
            "CapacityReservationStatus", "ChargeCategory", "ChargeClass", "ChargeDescription", "ChargeFrequency",
            "ChargePeriodEnd", "ChargePeriodStart", "CommitmentDiscountCategory", "CommitmentDiscountId",
            "CommitmentDiscountName", "CommitmentDiscountQuantity", "CommitmentDiscountStatus",
            "CommitmentDiscountType", "CommitmentDiscountUnit", "ConsumedQuantity", "ConsumedUnit",
            "ContractedCost", "ContractedUnitPrice", "EffectiveCost", "InvoiceId", "InvoiceIssuerName", "ListCost",
            "ListUnitPrice", "PricingCategory", "PricingCurrency", "PricingCurrencyContractedUnitPrice",
            "PricingCurrencyEffectiveCost", "PricingCurrencyListUnitPrice", "PricingQuantity", "PricingUnit",
            "ProviderName", "PublisherName", "RegionId", "RegionName", "ResourceId", "ResourceName",
            "ResourceType", "ServiceCategory", "ServiceName", "ServiceSubcategory", "SkuId", "SkuMeter",
            "SkuPriceDetails", "SkuPriceId", "SubAccountId", "SubAccountName", "SubAccountType", "Tags");

    @Test
    void headerIsTheFocus12ListInOrderThenCustomColumns() {
        assertEquals(57, FOCUS_1_2.size());
        var loaded = TestProblems.load(TestProblems.TINY);
        Solving.Solved s = Solving.solve(loaded, Solving.TEST_MOVES);
        var evaluation = PlanEvaluator.evaluate(loaded.problem(), SolutionDecisions.of(s.result().plan()));
        FocusTable table = FocusTable.parse(FocusCsv.render(loaded.problem(), s.plan(), evaluation));

        List<String> header = table.header();
        assertEquals(FOCUS_1_2, header.subList(0, FOCUS_1_2.size()), "FOCUS 1.2 columns, in specification order");
        List<String> custom = header.subList(FOCUS_1_2.size(), header.size());
        assertFalse(custom.isEmpty());
        for (String column : custom) {
            assertTrue(column.startsWith("x_"), "custom column without the x_ prefix: " + column);
        }
        assertTrue(custom.containsAll(List.of("x_ScenarioId", "x_JobId", "x_OfferId", "x_Rule")), custom.toString());
        assertEquals(header.size(), new HashSet<>(header).size(), "duplicate column in " + header);
        assertFalse(table.rows().isEmpty());
    }
}
