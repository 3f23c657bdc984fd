package io.gpuplan.problem.file;

import io.gpuplan.problem.yaml.DidYouMean;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/** ISO 3166 alpha-2 country codes, and the code a jurisdiction written another way most likely means. */
final class Jurisdictions {
    static final Set<String> ISO_COUNTRIES = Set.of(Locale.getISOCountries());

    /** Other ways to write a country: its alpha-3 code and English name (lower case), and the UK's common code. */
    private static final Map<String, String> OTHER_NAMES = otherNames();

    private Jurisdictions() {
    }

    /** {@code cn}, {@code China}, {@code CHN} → CN; {@code UK} → GB; a misspelt name ({@code Germny}) → DE. */
    static Optional<String> meant(String written) {
        String w = written.trim();
        if (ISO_COUNTRIES.contains(w.toUpperCase(Locale.ROOT))) {
            return Optional.of(w.toUpperCase(Locale.ROOT));
        }
        String code = OTHER_NAMES.get(w.toLowerCase(Locale.ROOT));
        if (code != null) {
            return Optional.of(code);
        }
        // Only names are guessed at: any two letters are a couple of edits from some code.
        return w.length() < 4 ? Optional.empty() : DidYouMean.suggest(w, OTHER_NAMES.keySet()).map(OTHER_NAMES::get);
    }

    /** " (did you mean "CN"?)", or nothing. */
    static String suggestion(String written) {
        return meant(written).map(c -> " (did you mean \"" + c + "\"?)").orElse("");
    }

    private static Map<String, String> otherNames() {
        Map<String, String> out = new LinkedHashMap<>();
        for (String code : Locale.getISOCountries()) {
            Locale country = Locale.of("", code);
            out.put(country.getDisplayCountry(Locale.ENGLISH).toLowerCase(Locale.ROOT), code);
            out.put(country.getISO3Country().toLowerCase(Locale.ROOT), code);
        }
        out.put("uk", "GB");
        return out;
    }
}
