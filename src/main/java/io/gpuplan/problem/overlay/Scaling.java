package io.gpuplan.problem.overlay;

import io.gpuplan.problem.JobKind;
import io.gpuplan.problem.PurchaseModel;
import io.gpuplan.problem.yaml.ErrorSink;
import io.gpuplan.problem.yaml.Location;
import io.gpuplan.problem.yaml.Paths;
import io.gpuplan.problem.yaml.RecordBinder;
import io.gpuplan.problem.yaml.YNode;
import io.gpuplan.problem.yaml.YNode.Entry;
import io.gpuplan.problem.yaml.YNode.YList;
import io.gpuplan.problem.yaml.YNode.YMap;
import io.gpuplan.problem.yaml.YNode.YScalar;
import java.math.BigDecimal;
import java.time.LocalDate;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.UnaryOperator;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * An overlay's {@code scale:} rules, applied after its other changes, each a mapping with one of:
 * <ul>
 *   <li>{@code prices: 0.9} — multiply {@code price} of the offers that match the rule's filters
 *       ({@code provider, region, purchase, accelerator, offer}; filters compare the fields as written), or of
 *       the catalog price of a {@code from: catalog} offer that states none (as {@code priceFactor});</li>
 *   <li>{@code capacities: 0.5} — multiply {@code maxGpus} (rounded down) of the matching offers that have one;</li>
 *   <li>{@code budget: 0.8} — multiply the total and every per-provider cap;</li>
 *   <li>{@code deadlines: -7d} — move the deadline of the jobs that match ({@code job, kind}) by days or weeks
 *       ({@code 2w}); a job without one gets the horizon end moved.</li>
 * </ul>
 * A scaled value is located at the rule, so an error about it (a price that is no longer positive) points there.
 * A filter must name a value that some offer (job) writes in that field, and the filters of a rule must all hold for
 * some one of them: a rule that matches nothing is an error at the filter (or the rule), never a silent no-op.
 */
final class Scaling {
    /** What a rule may scale, and the filters each takes (sorted, so messages are the same on every run). */
    static final Map<String, Set<String>> FILTERS = Map.of(
            "prices", new TreeSet<>(List.of("provider", "region", "purchase", "accelerator", "offer")),
            "capacities", new TreeSet<>(List.of("provider", "region", "purchase", "accelerator", "offer")),
            "budget", new TreeSet<>(),
            "deadlines", new TreeSet<>(List.of("job", "kind")));
    static final Pattern SHIFT = Pattern.compile("([-+]?\\d+)([dw])");
    /** What a rule may scale, in the order messages name them. */
    private static final String WHATS = "prices, capacities, budget, deadlines";

    private final ErrorSink errors;

    Scaling(ErrorSink errors) {
        this.errors = errors;
    }

    YMap apply(YMap problem, YNode rules) {
        if (!(rules instanceof YList list)) {
            errors.error(rules.location(), "scale", "expected a list of rules", "scale: [{prices: 0.9, purchase: reserved}, {budget: 0.8}]");
            return problem;
        }
        YMap out = problem;
        for (int i = 0; i < list.items().size(); i++) {
            out = applyRule(out, list.items().get(i), Paths.index("scale", i));
        }
        return out;
    }

    private YMap applyRule(YMap problem, YNode node, String path) {
        if (!(node instanceof YMap rule)) {
            errors.error(node.location(), path, "expected a rule", "e.g. {prices: 0.9, provider: aws}");
            return problem;
        }
        List<String> whats = rule.entries().keySet().stream().filter(FILTERS::containsKey).toList();
        if (whats.isEmpty() && unknownKeys(rule, path)) {
            return problem;
        }
        if (whats.size() != 1) {
            errors.error(rule.location(), path, whats.isEmpty() ? "says nothing to scale" : "scales " + whats + " at once",
                    "exactly one of: " + WHATS);
            return problem;
        }
        String what = whats.get(0);
        boolean unknownFilter = false;
        for (Entry e : rule.entries().values()) {
            if (!e.key().equals(what) && !FILTERS.get(what).contains(e.key())) {
                errors.error(e.keyLocation(), Paths.child(path, e.key()), "unknown filter \"" + e.key() + "\" for " + what
                        + OverlayResolver.suggestion(e.key(), FILTERS.get(what)),
                        FILTERS.get(what).isEmpty() ? what + " takes no filter" : "one of: " + String.join(", ", FILTERS.get(what)));
                unknownFilter = true;
            }
        }
        if (unknownFilter) {
            return problem;
        }
        // Checked before the value, so that a rule wrong in both says both; applied only when both are right.
        boolean filtersMatch = filtersMatch(problem, rule, what, path);
        YNode value = rule.get(what);
        if (what.equals("deadlines")) {
            Matcher m = value instanceof YScalar s ? SHIFT.matcher(s.text().trim()) : null;
            if (m == null || !m.matches()) {
                errors.error(value.location(), Paths.child(path, what), "expected a shift in days or weeks", "e.g. -7d or 2w");
                return problem;
            }
            // Digits beyond what a long holds, or a shift beyond ten years, would move a date out of any calendar.
            String digits = m.group(1).replaceFirst("^[-+]", "");
            long days = digits.length() > 7 ? Long.MAX_VALUE
                    : Math.abs(Long.parseLong(m.group(1)) * (m.group(2).equals("w") ? 7 : 1));
            if (days > io.gpuplan.problem.Limits.MAX_SHIFT_DAYS) {
                errors.error(value.location(), Paths.child(path, what), "shifts by more than "
                        + io.gpuplan.problem.Limits.MAX_SHIFT_DAYS + " days", "a shift of at most "
                        + io.gpuplan.problem.Limits.MAX_SHIFT_DAYS + " days (ten years), e.g. -7d or 2w");
                return problem;
            }
            days = Long.parseLong(m.group(1)) * (m.group(2).equals("w") ? 7 : 1);
            return filtersMatch ? shiftDeadlines(problem, rule, days, value.location()) : problem;
        }
        Double factor = value instanceof YScalar s ? RecordBinder.number(s) : null;
        if (factor == null || factor <= 0) {
            errors.error(value.location(), Paths.child(path, what), "expected a factor greater than zero", "e.g. 0.9 for 10 % less");
            return problem;
        }
        if (!filtersMatch) {
            return problem;
        }
        Location at = value.location();
        if (!somethingToScale(problem, rule, what)) {
            // A rule that changes nothing would leave a what-if scenario equal to its base, silently.
            errors.error(at, Paths.child(path, what), what.equals("capacities")
                            ? "no offer it applies to states maxGpus, so there is no capacity to scale"
                            : "the problem states no budget to scale",
                    what.equals("capacities") ? "a filter that picks offers with maxGpus, or maxGpus on them"
                            : "a budget (total or byProvider) in the problem or its base");
            return problem;
        }
        return switch (what) {
            case "prices" -> mapList(problem, "offers", offer -> offer instanceof YMap o && matches(o, rule, "offer", "id")
                    ? scalePrice(o, factor, at) : offer);
            case "capacities" -> onOffers(problem, rule, "maxGpus", v -> integer(Math.floor(v * factor + 1e-9), at));
            default -> scaleBudget(problem, factor, at);
        };
    }

    /** Whether a capacity rule applies to an offer with maxGpus, a budget rule to a budget; prices are always there. */
    private static boolean somethingToScale(YMap problem, YMap rule, String what) {
        return switch (what) {
            case "capacities" -> problem.get("offers") instanceof YList offers && offers.items().stream()
                    .anyMatch(o -> matches(o, rule, "offer", "id") && ((YMap) o).get("maxGpus") != null);
            case "budget" -> problem.get("budget") instanceof YMap b && (b.get("total") != null || b.get("byProvider") != null);
            default -> true;
        };
    }

    /**
     * An offer's price times the factor; an offer that takes its price from the catalog ({@code from:} and no
     * {@code price}) gets the factor as {@code priceFactor} (times any it has), applied to the catalog's price; an
     * owned offer (R28) gets it on its {@code purchasePrice}.
     */
    private static YMap scalePrice(YMap offer, double factor, Location at) {
        if (offer.get("purchase") instanceof YScalar p && p.text().trim().equals("owned")) {
            // R28: an owned offer's price is what its cards cost to buy (its hourly figure is derived from it).
            return withNumber(offer, "purchasePrice", v -> decimal(v * factor, at));
        }
        if (offer.get("price") == null && offer.get("from") != null) {
            Double old = offer.get("priceFactor") instanceof YScalar s ? RecordBinder.number(s) : null;
            return with(offer, "priceFactor", decimal((old == null ? 1 : old) * factor, at));
        }
        return withNumber(offer, "price", v -> decimal(v * factor, at));
    }

    private YMap onOffers(YMap problem, YMap rule, String field, java.util.function.DoubleFunction<YScalar> change) {
        return mapList(problem, "offers", offer -> offer instanceof YMap o && matches(o, rule, "offer", "id") ? withNumber(o, field, change) : offer);
    }

    private YMap shiftDeadlines(YMap problem, YMap rule, long days, Location at) {
        LocalDate horizonEnd = problem.get("horizon") instanceof YMap h && h.get("end") instanceof YScalar e ? date(e.text()) : null;
        return mapList(problem, "jobs", job -> {
            if (!matches(job, rule, "job", "id")) {
                return job;
            }
            YNode old = ((YMap) job).get("deadline");
            LocalDate from = old instanceof YScalar s ? date(s.text()) : horizonEnd;
            return from == null ? job : with((YMap) job, "deadline", new YScalar(from.plusDays(days).toString(), YScalar.Kind.STRING, at));
        });
    }

    private YMap scaleBudget(YMap problem, double factor, Location at) {
        if (!(problem.get("budget") instanceof YMap budget)) {
            return problem;
        }
        YMap b = withNumber(budget, "total", v -> decimal(v * factor, at));
        if (b.get("byProvider") instanceof YMap caps) {
            Map<String, Entry> scaled = new LinkedHashMap<>();
            caps.entries().forEach((k, e) -> scaled.put(k, new Entry(k, e.keyLocation(),
                    e.value() instanceof YScalar s && RecordBinder.number(s) != null ? decimal(RecordBinder.number(s) * factor, at) : e.value())));
            b = with(b, "byProvider", new YMap(scaled, caps.location()));
        }
        return with(problem, "budget", b);
    }

    /**
     * Reports the keys of a rule that states nothing to scale which are neither something to scale nor any rule's
     * filter ({@code pricez: 0.9}): "says nothing to scale" alone would hide the misspelt key. Whether there were any.
     */
    private boolean unknownKeys(YMap rule, String path) {
        Set<String> known = new TreeSet<>(FILTERS.keySet());
        FILTERS.values().forEach(known::addAll);
        boolean any = false;
        for (Entry e : rule.entries().values()) {
            if (!known.contains(e.key())) {
                errors.error(e.keyLocation(), Paths.child(path, e.key()), "unknown key \"" + e.key() + "\""
                        + OverlayResolver.suggestion(e.key(), known), "exactly one of: " + WHATS + ", with its filters");
                any = true;
            }
        }
        return any;
    }

    /**
     * Whether every filter of the rule names a value that some offer (job, for deadlines) writes in that field, and
     * some one offer has them all; reports each that does not, at its value. A filter that matches nothing (a
     * misspelt id, RESERVED for reserved, a list) would otherwise make the rule change nothing, silently.
     */
    private boolean filtersMatch(YMap problem, YMap rule, String what, String path) {
        String listName = what.equals("deadlines") ? "jobs" : "offers";
        if (!(problem.get(listName) instanceof YList list)) {
            return true; // no list to filter (or one that is no list, reported when the problem is read): nothing to match
        }
        String singular = listName.substring(0, listName.length() - 1);
        String idFilter = what.equals("deadlines") ? "job" : "offer";
        boolean ok = true;
        List<String> stated = new ArrayList<>();
        for (Entry f : rule.entries().values()) {
            if (f.key().equals(what)) {
                continue;
            }
            String field = f.key().equals(idFilter) ? "id" : f.key();
            String at = Paths.child(path, f.key());
            if (!(f.value() instanceof YScalar want) || want.kind() == YScalar.Kind.NULL) {
                errors.error(f.value().location(), at, "expected one " + f.key() + ", got " + f.value().typeName(),
                        "a single value, e.g. " + f.key() + ": " + example(list, field) + "; a rule for each of several");
                ok = false;
                continue;
            }
            Set<String> written = new TreeSet<>();
            list.items().forEach(i -> {
                if (i instanceof YMap m && m.get(field) instanceof YScalar s) {
                    written.add(s.text());
                }
            });
            if (written.contains(want.text())) {
                stated.add(f.key() + " \"" + want.text() + "\"");
                continue;
            }
            ok = false;
            List<String> allowed = switch (f.key()) {
                case "purchase" -> RecordBinder.enumNames(PurchaseModel.class);
                case "kind" -> RecordBinder.enumNames(JobKind.class);
                default -> List.of();
            };
            if (!allowed.isEmpty() && !allowed.contains(want.text())) {
                errors.error(want.location(), at, "unknown " + (f.key().equals("kind") ? "job kind" : "purchase model") + " \""
                        + want.text() + "\"" + OverlayResolver.suggestion(want.text(), allowed), "one of: " + String.join(", ", allowed));
            } else {
                errors.error(want.location(), at, "no " + singular + " with " + field + " \"" + want.text() + "\""
                        + OverlayResolver.suggestion(want.text(), written), written.isEmpty()
                        ? "no " + singular + " writes its " + field + " (filters compare the fields as written)"
                        : "one of: " + String.join(", ", written));
            }
        }
        if (ok && stated.size() > 1 && list.items().stream().noneMatch(i -> matches(i, rule, idFilter, "id"))) {
            errors.error(rule.location(), path, "no " + singular + " has " + String.join(" and ", stated) + " together",
                    "filters that one " + singular + " meets together, or a rule for each");
            ok = false;
        }
        return ok;
    }

    /** A value some item writes in {@code field}, for a message's example. */
    private static String example(YList list, String field) {
        return list.items().stream().filter(i -> i instanceof YMap m && m.get(field) instanceof YScalar)
                .map(i -> ((YScalar) ((YMap) i).get(field)).text()).findFirst().orElse("...");
    }

    /** Whether every filter of the rule (other than what it scales) equals the item's field; "offer"/"job" mean the id. */
    private static boolean matches(YNode item, YMap rule, String idFilter, String idField) {
        if (!(item instanceof YMap m)) {
            return false;
        }
        for (Entry f : rule.entries().values()) {
            if (FILTERS.containsKey(f.key())) {
                continue;
            }
            String field = f.key().equals(idFilter) ? idField : f.key();
            if (!(m.get(field) instanceof YScalar s) || !(f.value() instanceof YScalar want) || !s.text().equals(want.text())) {
                return false;
            }
        }
        return true;
    }

    private static YMap withNumber(YMap item, String field, java.util.function.DoubleFunction<YScalar> change) {
        Double v = item.get(field) instanceof YScalar s ? RecordBinder.number(s) : null;
        return v == null ? item : with(item, field, change.apply(v));
    }

    private static YMap mapList(YMap problem, String list, UnaryOperator<YNode> change) {
        if (!(problem.get(list) instanceof YList l)) {
            return problem;
        }
        List<YNode> items = new ArrayList<>();
        l.items().forEach(i -> items.add(change.apply(i)));
        return with(problem, list, new YList(items, l.location()));
    }

    private static YMap with(YMap map, String key, YNode value) {
        Map<String, Entry> out = new LinkedHashMap<>(map.entries());
        Entry old = out.get(key);
        out.put(key, new Entry(key, old != null ? old.keyLocation() : value.location(), value));
        return new YMap(out, map.location());
    }

    private static YScalar decimal(double v, Location at) {
        return new YScalar(BigDecimal.valueOf(v).stripTrailingZeros().toPlainString(), YScalar.Kind.FLOAT, at);
    }

    private static YScalar integer(double v, Location at) {
        return new YScalar(String.valueOf((long) v), YScalar.Kind.INTEGER, at);
    }

    private static LocalDate date(String text) {
        try {
            return LocalDate.parse(text.trim());
        } catch (DateTimeParseException e) {
            return null;
        }
    }
}
