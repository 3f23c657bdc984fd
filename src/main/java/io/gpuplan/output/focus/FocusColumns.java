package io.gpuplan.output.focus;

import java.util.List;
import java.util.stream.Stream;

/**
 * The header of {@code X.focus.csv}: every FOCUS 1.2 column in the order the specification presents them, then
 * gpuplan's custom columns, each with the {@code x_} prefix FOCUS reserves for them.
 *
 * <p>Source: FOCUS 1.2 (FinOps Open Cost and Usage Specification), tag {@code v1.2} of
 * https://github.com/FinOps-Open-Cost-and-Usage-Spec/FOCUS_Spec (commit 7296e3146fb931ee32b6496fa6e4200e7f4384f7,
 * 2025-05-30): {@code specification/columns/columns.mdpp} lists the column files in the specification's order
 * (alphabetical by display name), and the "Column ID" section of each file gives the name used here.
 */
public final class FocusColumns {
    private FocusColumns() {
    }

    /** The 57 columns of FOCUS 1.2, in specification order. */
    public static final List<String> FOCUS_1_2 = List.of(
            "AvailabilityZone", "BilledCost", "BillingAccountId", "BillingAccountName", "BillingAccountType",
            "BillingCurrency", "BillingPeriodEnd", "BillingPeriodStart", "CapacityReservationId",
            "CapacityReservationStatus", "ChargeCategory", "ChargeClass", "ChargeDescription", "ChargeFrequency",
            "ChargePeriodEnd", "ChargePeriodStart", "CommitmentDiscountCategory", "CommitmentDiscountId",
            "CommitmentDiscountName", "CommitmentDiscountQuantity", "CommitmentDiscountStatus",
            "CommitmentDiscountType", "CommitmentDiscountUnit", "ConsumedQuantity", "ConsumedUnit", "ContractedCost",
            "ContractedUnitPrice", "EffectiveCost", "InvoiceId", "InvoiceIssuerName", "ListCost", "ListUnitPrice",
            "PricingCategory", "PricingCurrency", "PricingCurrencyContractedUnitPrice", "PricingCurrencyEffectiveCost",
            "PricingCurrencyListUnitPrice", "PricingQuantity", "PricingUnit", "ProviderName", "PublisherName",
            "RegionId", "RegionName", "ResourceId", "ResourceName", "ResourceType", "ServiceCategory", "ServiceName",
            "ServiceSubcategory", "SkuId", "SkuMeter", "SkuPriceDetails", "SkuPriceId", "SubAccountId",
            "SubAccountName", "SubAccountType", "Tags");

    /**
     * gpuplan's columns: the scenario (problem file name without {@code .yaml}), the job and offer a line belongs
     * to, the MODEL.md rule that drove it (R16 migration, R17 compute, R18 reservation, R19 transfer), the
     * accelerator, purchase model and GPUs (billed GPUs of a job, GPUs bought on a reservation's own lines), and
     * the exchange rate (units of PricingCurrency per 1 BillingCurrency, R5).
     */
    public static final List<String> CUSTOM = List.of(
            "x_ScenarioId", "x_JobId", "x_OfferId", "x_Rule", "x_Accelerator", "x_PurchaseModel", "x_Gpus",
            "x_ExchangeRate");

    public static final List<String> ALL = Stream.concat(FOCUS_1_2.stream(), CUSTOM.stream()).toList();
}
