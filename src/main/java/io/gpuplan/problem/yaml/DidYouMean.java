package io.gpuplan.problem.yaml;

import java.util.Collection;
import java.util.Locale;
import java.util.Optional;

/** Suggests the known name closest to a misspelt one. */
public final class DidYouMean {
    private DidYouMean() {
    }

    public static Optional<String> suggest(String wrong, Collection<String> known) {
        String best = null;
        int bestDistance = Integer.MAX_VALUE;
        String w = wrong.toLowerCase(Locale.ROOT);
        for (String k : known) {
            int d = distance(w, k.toLowerCase(Locale.ROOT));
            if (d < bestDistance) {
                bestDistance = d;
                best = k;
            }
        }
        int allowed = Math.max(2, wrong.length() / 3);
        if (best != null && bestDistance <= allowed) {
            return Optional.of(best);
        }
        // "pricePerHuor" for "price": a known name the wrong one starts with (or the other way round).
        String longest = null;
        for (String k : known) {
            String kl = k.toLowerCase(Locale.ROOT);
            boolean related = kl.length() >= 4 && w.startsWith(kl) || w.length() >= 4 && kl.startsWith(w);
            if (related && (longest == null || k.length() > longest.length())) {
                longest = k;
            }
        }
        return Optional.ofNullable(longest);
    }

    /** Levenshtein distance with adjacent transpositions counted as one edit. */
    static int distance(String a, String b) {
        int[][] d = new int[a.length() + 1][b.length() + 1];
        for (int i = 0; i <= a.length(); i++) {
            d[i][0] = i;
        }
        for (int j = 0; j <= b.length(); j++) {
            d[0][j] = j;
        }
        for (int i = 1; i <= a.length(); i++) {
            for (int j = 1; j <= b.length(); j++) {
                int cost = a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1;
                d[i][j] = Math.min(Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1), d[i - 1][j - 1] + cost);
                if (i > 1 && j > 1 && a.charAt(i - 1) == b.charAt(j - 2) && a.charAt(i - 2) == b.charAt(j - 1)) {
                    d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
                }
            }
        }
        return d[a.length()][b.length()];
    }
}
