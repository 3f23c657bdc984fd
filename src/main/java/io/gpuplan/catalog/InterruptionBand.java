package io.gpuplan.catalog;

import java.util.List;
import java.util.Locale;

/**
 * The five public spot interruption-frequency bands (AWS Spot Instance Advisor: "the rate at which Spot has reclaimed
 * capacity during the trailing month ... < 5%, 5-10%, 10-15%, 15-20% and >20%", SOURCES.md §7), and how gpuplan turns
 * a band into R10's {@code interruptionsPerDay}:
 * <ol>
 *   <li>the band's midpoint is taken as the probability p that an instance is interrupted within a month
 *       (the open band above 20 % is taken as 20–30 %, as wide as the others: p = 25 %);</li>
 *   <li>interruptions are Poisson (R10), so P(at least one in a month) = 1 − exp(−rate × 30 days), and
 *       {@code interruptionsPerDay = −ln(1 − p) / 30}; a month is 30 days.</li>
 * </ol>
 * E.g. 5–10 %: p = 0.075, −ln(0.925) / 30 = 0.0025987 per instance per day.
 */
public record InterruptionBand(String label, double low, double high) {
    // A record with parse(), not an enum: the problem reader binds enums by their constant names, and these labels
    // ("<5%", "5-10%") are not Java names.
    private static final List<InterruptionBand> ALL = List.of(new InterruptionBand("<5%", 0.0, 0.05),
            new InterruptionBand("5-10%", 0.05, 0.10), new InterruptionBand("10-15%", 0.10, 0.15),
            new InterruptionBand("15-20%", 0.15, 0.20), new InterruptionBand(">20%", 0.20, 0.30));

    public static final double DAYS_PER_MONTH = 30;

    public static List<InterruptionBand> values() {
        return ALL;
    }

    /** The monthly interruption probability the band stands for: its midpoint. */
    public double monthlyProbability() {
        return Math.round((low + high) / 2 * 1e6) / 1e6; // 0.075, not 0.07500000000000001
    }

    public double interruptionsPerDay() {
        return -Math.log(1 - monthlyProbability()) / DAYS_PER_MONTH;
    }

    /** How the plan states the assumption. */
    public String assumption() {
        return "interruptionsPerDay from the band " + label + " per month: midpoint " + pct(monthlyProbability())
                + " as the monthly probability per instance" + (high > 0.2 + 1e-9 ? " (the open band taken as 20-30 %)" : "")
                + ", -ln(1 - " + monthlyProbability() + ") / 30 days = " + String.format(Locale.ROOT, "%.7f", interruptionsPerDay());
    }

    private static String pct(double p) {
        return String.format(Locale.ROOT, "%.1f %%", p * 100);
    }

    /**
     * Reads a band written exactly as its label: {@code <5%}, {@code 5-10%}, {@code 10-15%}, {@code 15-20%},
     * {@code >20%}, as the JSON Schema lists them (so that an editor and {@code validate} agree); a label written
     * without its percent sign, with spaces or an en dash is refused with the label it meant.
     */
    public static InterruptionBand parse(String text) {
        String t = text.trim();
        for (InterruptionBand b : ALL) {
            if (b.label().equals(t)) {
                return b;
            }
        }
        String loose = t.replace(" ", "").replace("%", "").replace("\u2013", "-");
        String meant = ALL.stream().map(InterruptionBand::label).filter(l -> l.replace("%", "").equals(loose))
                .findFirst().map(l -> " (did you mean \"" + l + "\"?)").orElse("");
        throw new IllegalArgumentException("\"" + t + "\" is not an interruption band" + meant);
    }

    public static String describe() {
        return "one of the interruption-frequency bands " + String.join(", ", writtenForms()) + " (quote them in YAML)";
    }

    /** The forms a problem file writes, for messages and the JSON Schema. */
    public static List<String> writtenForms() {
        return ALL.stream().map(InterruptionBand::label).toList();
    }
}
