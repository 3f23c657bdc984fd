package io.gpuplan.problem;

/** The length of one planning slot (R1): whole hours that divide 24, one day, or one week. */
public record SlotLength(int hours) {
    public SlotLength {
        if (!(hours > 0 && (24 % hours == 0 || hours == 168))) {
            throw new IllegalArgumentException("slot of " + hours + "h is not allowed");
        }
    }

    public static final SlotLength DAY = new SlotLength(24);

    /** Parses {@code 1d}, {@code 6h}, {@code 1w}. */
    public static SlotLength parse(String text) {
        String t = text.trim();
        if (t.equals("1d")) {
            return DAY;
        }
        if (t.equals("1w")) {
            return new SlotLength(168);
        }
        if (t.matches("\\d{1,3}h")) { // longer digits are no divisor of 24 (and would not fit an int)
            int h = Integer.parseInt(t.substring(0, t.length() - 1));
            if (h > 0 && 24 % h == 0) {
                return new SlotLength(h);
            }
        }
        throw new IllegalArgumentException("\"" + t + "\" is not a slot length");
    }

    public static String describe() {
        return "1d, 1w, or whole hours that divide 24 (1h, 2h, 3h, 4h, 6h, 8h, 12h)";
    }

    /** Every form {@link #parse} accepts, for the JSON Schema (editors offer them). */
    public static java.util.List<String> writtenForms() {
        return java.util.List.of("1h", "2h", "3h", "4h", "6h", "8h", "12h", "24h", "1d", "1w");
    }

    public boolean isWeekly() {
        return hours == 168;
    }

    @Override
    public String toString() {
        return hours == 24 ? "1d" : hours == 168 ? "1w" : hours + "h";
    }
}
