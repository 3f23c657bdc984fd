package io.gpuplan.rules;

import java.time.YearMonth;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Function;

/** Plan cost summed from its cost lines, several ways; every map sums to {@code cents}. */
public record Totals(long cents, Map<String, Long> byCategory, Map<String, Long> byProvider,
                     Map<String, Long> byPurchaseModel, Map<YearMonth, Long> byMonth, Map<String, Long> byAccelerator) {
    /** Key for lines no provider bills (migration work). */
    public static final String INTERNAL = "internal";
    /** Key for lines that are not bought per purchase model. */
    public static final String TRANSFER = "transfer";
    public static final String MIGRATION = "migration";
    /** Key (purchase model and accelerator) of R27's provider fixed cost and support lines. */
    public static final String OVERHEAD = "overhead";
    public static final String STORAGE = "storage";
    /** Key (purchase model) of R31.2's churn lines. */
    public static final String CHURN = "churn";

    public static Totals of(List<CostLine> lines) {
        Map<YearMonth, Long> byMonth = new TreeMap<>();
        for (CostLine l : lines) {
            l.byMonth().forEach((m, c) -> byMonth.merge(m, c, Long::sum));
        }
        return new Totals(lines.stream().mapToLong(CostLine::cents).sum(),
                sum(lines, l -> l.kind().label()),
                sum(lines, l -> l.provider() == null ? INTERNAL : l.provider()),
                sum(lines, l -> switch (l.kind()) {
                    case COMPUTE, RESERVATION, DEPRECIATION, OPERATIONS, POWER, STRANDED, BLOCK -> l.purchase();
                    case TRANSFER -> TRANSFER;
                    case MIGRATION -> MIGRATION;
                    case CHURN -> CHURN;
                    case PROVIDER_FIXED, SUPPORT -> OVERHEAD;
                    case STORAGE, STORAGE_COPY -> STORAGE;
                }),
                byMonth,
                sum(lines, l -> l.kind().overhead() ? OVERHEAD : l.accelerator()));
    }

    private static Map<String, Long> sum(List<CostLine> lines, Function<CostLine, String> key) {
        Map<String, Long> out = new TreeMap<>();
        for (CostLine l : lines) {
            out.merge(key.apply(l), l.cents(), Long::sum);
        }
        return out;
    }
}
