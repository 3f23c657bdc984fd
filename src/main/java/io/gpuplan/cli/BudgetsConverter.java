package io.gpuplan.cli;

import io.gpuplan.problem.yaml.WrittenNumber;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import picocli.CommandLine;

/** Reads {@code 1.0M..2.0M/6} (6 budgets evenly from 1.0M to 2.0M) or a list {@code 150k,200k,250k}. */
final class BudgetsConverter implements CommandLine.ITypeConverter<List<BigDecimal>> {
    private static final Pattern RANGE = Pattern.compile("([^.]+(?:\\.\\d+)?[kKmM]?)\\.\\.([^/]+)/(\\d+)");

    @Override
    public List<BigDecimal> convert(String value) {
        Matcher m = RANGE.matcher(value.trim());
        List<BigDecimal> out = new ArrayList<>();
        if (m.matches()) {
            BigDecimal from = amount(m.group(1));
            BigDecimal to = amount(m.group(2));
            int n = Integer.parseInt(m.group(3));
            if (n < 2 || to.compareTo(from) <= 0) {
                throw new CommandLine.TypeConversionException("'" + value + "': need at least 2 budgets from a smaller to a larger one");
            }
            BigDecimal step = to.subtract(from).divide(BigDecimal.valueOf(n - 1L), 2, RoundingMode.HALF_UP);
            for (int i = 0; i < n; i++) {
                out.add(i == n - 1 ? to : from.add(step.multiply(BigDecimal.valueOf(i))).setScale(2, RoundingMode.HALF_UP).stripTrailingZeros());
            }
        } else {
            for (String part : value.split(",")) {
                out.add(amount(part));
            }
        }
        if (out.stream().anyMatch(b -> b.signum() <= 0)) {
            throw new CommandLine.TypeConversionException("'" + value + "': budgets must be positive");
        }
        return out.stream().map(b -> b.stripTrailingZeros().scale() < 0 ? b.setScale(0) : b.stripTrailingZeros()).sorted().distinct().toList();
    }

    /** An amount as every amount is written (io.gpuplan.problem.yaml.WrittenNumber); on the command line 1.5m is a million too. */
    static BigDecimal amount(String text) {
        String t = text.trim();
        BigDecimal v = WrittenNumber.exact(t.endsWith("m") ? t.substring(0, t.length() - 1) + "M" : t);
        if (v == null) {
            throw new CommandLine.TypeConversionException("'" + text + "' is not an amount (e.g. 250000, 250k, 1.5M)");
        }
        return v;
    }
}
