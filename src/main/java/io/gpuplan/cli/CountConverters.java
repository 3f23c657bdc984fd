package io.gpuplan.cli;

import picocli.CommandLine;

/**
 * Whole-number options with a least value, refused while parsing (exit 2): a negative move limit read as "no limit"
 * gave a solve that does not repeat, and {@code --parallel 0} was taken as 1, both silently. Converters rather than
 * annotated setters keep the options fields, whose order (unlike methods') the generated completion script repeats.
 */
final class CountConverters {
    private CountConverters() {
    }

    static long atLeast(String value, long least, String meaning) {
        long n;
        try {
            n = Long.parseLong(value.trim());
        } catch (NumberFormatException e) {
            throw new CommandLine.TypeConversionException("'" + value + "' is not a whole number");
        }
        if (n < least) {
            throw new CommandLine.TypeConversionException("must be " + meaning + ", got " + n);
        }
        return n;
    }

    /** 0 or more (0: none). */
    static final class NonNegative implements CommandLine.ITypeConverter<Long> {
        @Override
        public Long convert(String value) {
            return atLeast(value, 0, "0 (none) or more");
        }
    }

    /** 1 or more, and an int. */
    static final class Positive implements CommandLine.ITypeConverter<Integer> {
        @Override
        public Integer convert(String value) {
            return Math.toIntExact(atLeast(value, 1, "1 or more"));
        }
    }
}
