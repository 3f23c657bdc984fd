package io.gpuplan.cli;

import picocli.CommandLine;

/** An amount option ({@code --max-price}): written {@code 250000}, {@code 250k} or {@code 1.5M}, as every amount. */
final class AmountConverter implements CommandLine.ITypeConverter<Double> {
    @Override
    public Double convert(String value) {
        return BudgetsConverter.amount(value).doubleValue();
    }
}
