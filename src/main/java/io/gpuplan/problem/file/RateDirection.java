package io.gpuplan.problem.file;

import io.gpuplan.catalog.Catalog;
import io.gpuplan.catalog.CatalogRow;
import io.gpuplan.problem.Offer;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Consumer;

/**
 * Warns about an exchange rate that looks written the wrong way round (USD per CNY instead of CNY per USD): an offer
 * in another currency whose converted price is more than {@link #FACTOR} times off the prices of the same accelerator
 * in the base currency (the problem's own offers, else the bundled catalog's when it is in the base currency), while
 * converting the other way would land much closer. A warning, not an error: prices may really differ that much.
 */
final class RateDirection {
    static final double FACTOR = 10;

    private RateDirection() {
    }

    static void check(List<Offer> offers, String base, Map<String, Double> rates, Consumer<String> warnings) {
        for (int i = 0; i < offers.size(); i++) {
            Offer o = offers.get(i);
            if (o.currency().equals(base) || !rates.containsKey(o.currency())) {
                continue;
            }
            Double reference = reference(o, offers, base);
            if (reference == null) {
                continue;
            }
            double rate = rates.get(o.currency());
            double converted = o.priceInBase();
            double inverted = o.price() * rate;
            double off = Math.abs(Math.log(converted / reference));
            if (off > Math.log(FACTOR) && Math.abs(Math.log(inverted / reference)) < off) {
                warnings.accept(String.format(Locale.ROOT, "offers[%d] \"%s\": %s %s converts to %.2f %s per GPU-hour, %s"
                                + " the %.2f %s of %s elsewhere; exchangeRates.%s is %s per 1 %s (units of %s you get for one %s),"
                                + " so %s looks inverted: did you mean %s?",
                        i, o.id(), ProblemResolver.Checks.fmt(o.price()), o.currency(), converted, base,
                        converted > reference ? String.format(Locale.ROOT, "%.0f× above", converted / reference)
                                : String.format(Locale.ROOT, "%.0f× below", reference / converted),
                        reference, base, o.accelerator().name(), o.currency(), o.currency(), base, o.currency(), base,
                        ProblemResolver.Checks.fmt(rate), new java.math.BigDecimal(1 / rate).round(new java.math.MathContext(4))
                                .stripTrailingZeros().toPlainString()));
            }
        }
    }

    /** The median base-currency price per GPU-hour of the same accelerator, or null when nothing compares. */
    private static Double reference(Offer offer, List<Offer> offers, String base) {
        List<Double> prices = new ArrayList<>();
        for (Offer o : offers) {
            if (o.currency().equals(base) && o.accelerator().name().equals(offer.accelerator().name())) {
                prices.add(o.price());
            }
        }
        if (prices.isEmpty() && base.equals(CatalogRow.CURRENCY)) {
            for (CatalogRow r : Catalog.builtIn().rows()) {
                if (r.accelerator().equalsIgnoreCase(offer.accelerator().name())) {
                    prices.add(r.onDemandPerGpuHour());
                }
            }
        }
        if (prices.isEmpty()) {
            return null;
        }
        prices.sort(Double::compare);
        return prices.get(prices.size() / 2);
    }
}
