package io.gpuplan.problem;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/** The built-in accelerator table (resource {@code accelerators.csv}), looked up by name or alias. */
public final class AcceleratorTable {
    private static final AcceleratorTable BUILT_IN = load();

    private final Map<String, Accelerator> byName;
    private final Map<String, String> aliasToName;

    private AcceleratorTable(Map<String, Accelerator> byName, Map<String, String> aliasToName) {
        this.byName = Collections.unmodifiableMap(byName);
        this.aliasToName = Collections.unmodifiableMap(aliasToName);
    }

    public static AcceleratorTable builtIn() {
        return BUILT_IN;
    }

    /** The canonical name for a name or alias (case-insensitive), if known. */
    public Optional<String> canonicalName(String nameOrAlias) {
        return Optional.ofNullable(aliasToName.get(key(nameOrAlias)));
    }

    public Optional<Accelerator> find(String nameOrAlias) {
        return canonicalName(nameOrAlias).map(byName::get);
    }

    public Map<String, Accelerator> all() {
        return byName;
    }

    /** A table with these entries added or replacing built-in ones of the same name. */
    public AcceleratorTable with(List<Accelerator> extra) {
        Map<String, Accelerator> names = new LinkedHashMap<>(byName);
        Map<String, String> aliases = new LinkedHashMap<>(aliasToName);
        for (Accelerator a : extra) {
            String canonical = aliases.getOrDefault(key(a.name()), a.name());
            Accelerator renamed = new Accelerator(canonical, a.vendor(), a.stack(), a.memoryGb(), a.fp16Tflops(),
                    a.bandwidthGBs(), a.source(), a.note());
            names.put(canonical, renamed);
            aliases.put(key(canonical), canonical);
        }
        return new AcceleratorTable(names, aliases);
    }

    private static String key(String s) {
        return s.trim().toLowerCase(Locale.ROOT);
    }

    private static AcceleratorTable load() {
        Map<String, Accelerator> names = new LinkedHashMap<>();
        Map<String, String> aliases = new LinkedHashMap<>();
        try (InputStream in = AcceleratorTable.class.getResourceAsStream("accelerators.csv");
             BufferedReader r = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
            String line;
            boolean header = true;
            while ((line = r.readLine()) != null) {
                if (line.isBlank() || line.startsWith("#")) {
                    continue;
                }
                if (header) {
                    header = false;
                    continue;
                }
                List<String> f = splitCsv(line);
                Accelerator a = new Accelerator(f.get(0), f.get(2), Stack.valueOf(f.get(3).toUpperCase(Locale.ROOT)),
                        Double.parseDouble(f.get(4)), Double.parseDouble(f.get(5)),
                        f.get(6).isEmpty() ? null : Double.valueOf(f.get(6)), f.get(7), f.get(8));
                names.put(a.name(), a);
                aliases.put(key(a.name()), a.name());
                for (String alias : f.get(1).split("\\|")) {
                    if (!alias.isBlank()) {
                        aliases.put(key(alias), a.name());
                    }
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return new AcceleratorTable(names, aliases);
    }

    /** Splits one CSV line with optional double quotes; pads to 9 fields. */
    static List<String> splitCsv(String line) {
        List<String> out = new ArrayList<>();
        StringBuilder cur = new StringBuilder();
        boolean quoted = false;
        for (int i = 0; i < line.length(); i++) {
            char c = line.charAt(i);
            if (c == '"') {
                quoted = !quoted;
            } else if (c == ',' && !quoted) {
                out.add(cur.toString().trim());
                cur.setLength(0);
            } else {
                cur.append(c);
            }
        }
        out.add(cur.toString().trim());
        while (out.size() < 9) {
            out.add("");
        }
        return out;
    }
}
