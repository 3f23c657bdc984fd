package io.gpuplan.problem;

/** A count with its noun: "1 job", "2 jobs", "0 options". */
public final class Plural {
    private Plural() {
    }

    /** For nouns that take an s. */
    public static String count(long n, String singular) {
        return count(n, singular, singular + "s");
    }

    public static String count(long n, String singular, String plural) {
        return n + " " + (n == 1 ? singular : plural);
    }
}
