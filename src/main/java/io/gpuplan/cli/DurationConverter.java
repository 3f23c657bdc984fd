package io.gpuplan.cli;

import java.time.Duration;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import picocli.CommandLine;

/** Reads {@code 90s}, {@code 2m}, {@code 1h}, {@code 500ms} or an ISO-8601 duration such as {@code PT1M}. */
public final class DurationConverter implements CommandLine.ITypeConverter<Duration> {
    private static final Pattern SHORT = Pattern.compile("(\\d+)(ms|s|m|h)");

    @Override
    public Duration convert(String value) {
        Matcher m = SHORT.matcher(value.trim());
        if (m.matches()) {
            long n = Long.parseLong(m.group(1));
            return switch (m.group(2)) {
                case "ms" -> Duration.ofMillis(n);
                case "s" -> Duration.ofSeconds(n);
                case "m" -> Duration.ofMinutes(n);
                default -> Duration.ofHours(n);
            };
        }
        try {
            return Duration.parse(value.trim());
        } catch (java.time.format.DateTimeParseException e) {
            throw new CommandLine.TypeConversionException("'" + value + "' is not a duration (e.g. 30s, 2m, 1h, PT90S)");
        }
    }

    /** The short form this converter reads: {@code 90s}, {@code 500ms}. */
    public static String format(Duration d) {
        return d.toMillis() % 1000 == 0 ? d.toSeconds() + "s" : d.toMillis() + "ms";
    }
}
