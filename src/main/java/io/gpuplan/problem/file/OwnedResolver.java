package io.gpuplan.problem.file;

import io.gpuplan.problem.Limits;
import io.gpuplan.problem.OwnedTerms;
import io.gpuplan.problem.PurchaseModel;
import java.util.LinkedHashMap;
import java.util.Map;

/** Checks and completes an owned offer's terms (R28); refuses them on offers that are not owned. */
final class OwnedResolver {
    /** Straight-line write-off of servers over three years: a common schedule (an assumption, stated in the plan). */
    static final int DEFAULT_DEPRECIATION_MONTHS = 36;
    /** Uptime Institute's Global Data Center Survey 2023: average annual PUE 1.58 (an assumption for one's own room). */
    static final double DEFAULT_PUE = 1.58;
    private static final double MAX_PURCHASE_PRICE = 1e7;
    private static final double MAX_POWER_KW = 100;
    private static final double MAX_PRICE_PER_KWH = 1000;
    private static final double MAX_PUE = 5;
    private static final double MAX_LEAD_TIME_WEEKS = 520;

    private final ProblemResolver.Checks c;

    OwnedResolver(ProblemResolver.Checks c) {
        this.c = c;
    }

    /** The terms of an owned offer, or null for another purchase model or when a field is wrong (reported). */
    OwnedTerms resolve(OfferFile f, String p, java.util.List<String> assumed) {
        if (f.purchase() != PurchaseModel.OWNED) {
            ownedFields(f).forEach((name, value) -> {
                if (value != null) {
                    c.error(p + "." + name, "only owned offers have " + name, "remove it, or make the offer purchase: owned");
                }
            });
            return null;
        }
        boolean ok = c.require(f.from() == null, p + ".from", "the catalog has no owned offers",
                "remove from: catalog and state purchasePrice, powerKw and electricityPricePerKwh");
        ok &= c.require(f.price() == null, p + ".price", "an owned offer has no price per GPU-hour: R28 derives it as"
                + " (purchasePrice / depreciationMonths + operationsPerGpuMonth) / 730", "remove price");
        ok &= c.require(f.priceFactor() == null, p + ".priceFactor", "an owned offer has no price to scale",
                "remove priceFactor, or change purchasePrice");
        ok &= c.require(f.termMonths() == null, p + ".termMonths", "only reserved offers have a term",
                "depreciationMonths for how long owned cards are written off");
        ok &= required(f.purchasePrice(), p + ".purchasePrice", "the price of one GPU in the offer's currency, e.g. 1600")
                && positive(f.purchasePrice(), MAX_PURCHASE_PRICE, p + ".purchasePrice", "a price per GPU");
        ok &= required(f.powerKw(), p + ".powerKw", "kW one GPU draws while it runs, e.g. 0.45")
                && positive(f.powerKw(), MAX_POWER_KW, p + ".powerKw", "kW per GPU");
        ok &= required(f.electricityPricePerKwh(), p + ".electricityPricePerKwh", "the price of a kWh in the offer's currency, e.g. 0.12")
                && nonNegative(f.electricityPricePerKwh(), MAX_PRICE_PER_KWH, p + ".electricityPricePerKwh", "a price per kWh");
        int months = f.depreciationMonths() == null ? DEFAULT_DEPRECIATION_MONTHS : f.depreciationMonths();
        ok &= positive(months, Limits.MAX_TERM_MONTHS, p + ".depreciationMonths", "months, default " + DEFAULT_DEPRECIATION_MONTHS);
        double pue = f.pue() == null ? DEFAULT_PUE : f.pue();
        ok &= c.within(pue, 1, MAX_PUE, p + ".pue", "a power usage effectiveness from 1 to " + (int) MAX_PUE + ", default " + DEFAULT_PUE);
        double operations = f.operationsPerGpuMonth() == null ? 0 : f.operationsPerGpuMonth();
        ok &= nonNegative(operations, MAX_PURCHASE_PRICE, p + ".operationsPerGpuMonth", "an amount per GPU and month, default 0");
        double lead = f.leadTimeWeeks() == null ? 0 : f.leadTimeWeeks();
        ok &= nonNegative(lead, MAX_LEAD_TIME_WEEKS, p + ".leadTimeWeeks", "weeks, default 0");
        if (!ok) {
            return null;
        }
        OwnedTerms t = new OwnedTerms(f.purchasePrice(), months, f.powerKw(), f.electricityPricePerKwh(), pue, operations, lead);
        // The plan's price provenance says how the hourly figure came about and which defaults it rests on.
        assumed.add("price per GPU-hour derived (R28): (purchasePrice " + ProblemResolver.Checks.fmt(t.purchasePrice())
                + " / depreciationMonths " + months + " + operationsPerGpuMonth " + ProblemResolver.Checks.fmt(operations)
                + ") / 730, used or not; power " + ProblemResolver.Checks.fmt(t.powerKw()) + " kW x pue "
                + ProblemResolver.Checks.fmt(pue) + " x " + ProblemResolver.Checks.fmt(t.electricityPricePerKwh()) + " per kWh in use");
        if (f.depreciationMonths() == null) {
            assumed.add("depreciationMonths " + DEFAULT_DEPRECIATION_MONTHS + " (default: three-year straight line)");
        }
        if (f.pue() == null) {
            assumed.add("pue " + DEFAULT_PUE + " (default: Uptime Institute Global Data Center Survey 2023 average)");
        }
        return t;
    }

    private boolean required(Object v, String path, String valid) {
        return c.require(v != null, path, "missing required field for an owned offer", valid);
    }

    private boolean positive(double v, double max, String path, String what) {
        return c.positiveOk(v, path) && c.atMost(v, max, path, what + " up to " + ProblemResolver.Checks.limit(max));
    }

    private boolean nonNegative(double v, double max, String path, String what) {
        boolean ok = c.require(v >= 0, path, "is " + ProblemResolver.Checks.fmt(v) + ", must not be negative", "zero or more");
        return ok && c.atMost(v, max, path, what + " up to " + ProblemResolver.Checks.limit(max));
    }

    private static Map<String, Object> ownedFields(OfferFile f) {
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("purchasePrice", f.purchasePrice());
        out.put("depreciationMonths", f.depreciationMonths());
        out.put("powerKw", f.powerKw());
        out.put("electricityPricePerKwh", f.electricityPricePerKwh());
        out.put("pue", f.pue());
        out.put("operationsPerGpuMonth", f.operationsPerGpuMonth());
        out.put("leadTimeWeeks", f.leadTimeWeeks());
        return out;
    }
}
