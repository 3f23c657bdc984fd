package io.gpuplan.problem.yaml;

import io.gpuplan.problem.yaml.YNode.Entry;
import io.gpuplan.problem.yaml.YNode.YList;
import io.gpuplan.problem.yaml.YNode.YMap;
import io.gpuplan.problem.yaml.YNode.YScalar;
import java.lang.reflect.Constructor;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.RecordComponent;
import java.lang.reflect.Type;
import java.time.LocalDate;
import java.time.YearMonth;
import java.time.format.TextStyle;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * Binds a {@link YNode} tree onto immutable records, reporting every problem (unknown field with a suggestion,
 * wrong type, missing required field) with its location instead of stopping at the first. The record classes are
 * the single description of the file format: the binder reads their components by reflection.
 *
 * <p>Supported targets: records, {@code List<T>}, {@code Map<String, T>}, String, Integer/int, Long/long,
 * Double/double, Boolean/boolean, LocalDate, enums (written in lower case with dashes) and classes with a
 * {@code public static X parse(String)} factory. A record may also accept a scalar through a registered
 * {@link ScalarForm}.
 */
public final class RecordBinder {
    /** A number as a problem file may write it, also as text ({@code 2_000_000}); the JSON Schema uses it too. */
    public static final Pattern NUMBER = WrittenNumber.PATTERN;
    private static final Pattern ISO_DATE = Pattern.compile("(\\d{4})-(\\d{2})-(\\d{2})");

    private final ErrorSink errors;
    private final Map<Class<?>, ScalarForm<?>> scalarForms;

    public RecordBinder(ErrorSink errors, Map<Class<?>, ScalarForm<?>> scalarForms) {
        this.errors = errors;
        this.scalarForms = Map.copyOf(scalarForms);
    }

    /** Returns the bound value, or null when the node (or something inside it) was wrong; errors say what. */
    public <T> T bind(YNode node, Class<T> type, String path) {
        @SuppressWarnings("unchecked")
        T value = (T) bindValue(node, type, path);
        return value;
    }

    /**
     * How much of a wrong record is kept so that later checks can still run and report their problems in the same
     * pass (a file with 25 mistakes is fixed in one round, not three). STRICT: anything wrong inside makes the record
     * null. ITEM (a list item of the root, such as one offer): a wrong optional field becomes null; a wrong or
     * missing required field still makes the item null. ROOT: every wrong field becomes null, and a list keeps its
     * good items (a wrong item becomes null, keeping the indexes); its items are bound as ITEM.
     */
    private enum Leniency { STRICT, ITEM, ROOT }

    /** Binds a document's root record leniently (see {@link Leniency#ROOT}); null only when the root is no mapping. */
    public <T> T bindRoot(YNode node, Class<T> type) {
        if (!(node instanceof YMap)) {
            return bind(node, type, "");
        }
        @SuppressWarnings("unchecked")
        T value = (T) bindRecord(node, type, "", Leniency.ROOT);
        return value;
    }

    private Object bindValue(YNode node, Type type, String path) {
        return bindValue(node, type, path, Leniency.STRICT);
    }

    private Object bindValue(YNode node, Type type, String path, Leniency leniency) {
        if (node instanceof YScalar s && s.kind() == YScalar.Kind.NULL) {
            return null;
        }
        if (type instanceof ParameterizedType pt) {
            Class<?> raw = (Class<?>) pt.getRawType();
            if (raw == List.class) {
                return bindList(node, pt.getActualTypeArguments()[0], path);
            }
            if (raw == Map.class) {
                return bindMap(node, pt.getActualTypeArguments()[1], path);
            }
            throw new IllegalArgumentException("unsupported type " + type);
        }
        Class<?> cls = (Class<?>) type;
        if (cls.isRecord() && parseMethod(cls) == null) {
            if (node instanceof YScalar s && scalarForms.containsKey(cls)) {
                return bindScalarForm(s, cls, path);
            }
            return bindRecord(node, cls, path, leniency);
        }
        if (!(node instanceof YScalar s)) {
            return mismatch(node, path, describe(cls));
        }
        return bindScalar(s, cls, path);
    }

    private Object bindScalarForm(YScalar s, Class<?> cls, String path) {
        ScalarForm<?> form = scalarForms.get(cls);
        try {
            return form.fromScalar(s);
        } catch (IllegalArgumentException e) {
            errors.error(s.location(), path, e.getMessage(), form.describe() + " or " + describe(cls));
            return null;
        }
    }

    private List<Object> bindList(YNode node, Type itemType, String path) {
        return bindList(node, itemType, path, false);
    }

    /** @param keepGood return the list with null for each wrong item instead of null for the whole list */
    private List<Object> bindList(YNode node, Type itemType, String path, boolean keepGood) {
        if (!(node instanceof YList list)) {
            return mismatch(node, path, "a list");
        }
        List<Object> out = new ArrayList<>();
        boolean ok = true;
        for (int i = 0; i < list.items().size(); i++) {
            YNode item = list.items().get(i);
            Object v = bindValue(item, itemType, Paths.index(path, i), keepGood ? Leniency.ITEM : Leniency.STRICT);
            if (v == null) {
                ok &= isNull(item) && reportNullItem(item, Paths.index(path, i));
            }
            out.add(v);
        }
        if (keepGood) {
            return java.util.Collections.unmodifiableList(out);
        }
        return ok ? List.copyOf(out) : null;
    }

    private boolean reportNullItem(YNode item, String path) {
        errors.error(item.location(), path, "empty list item", "remove the dash or give a value");
        return false;
    }

    private Map<String, Object> bindMap(YNode node, Type valueType, String path) {
        if (!(node instanceof YMap map)) {
            return mismatch(node, path, "a mapping");
        }
        Map<String, Object> out = new LinkedHashMap<>();
        boolean ok = true;
        for (Entry e : map.entries().values()) {
            String childPath = Paths.child(path, e.key());
            Object v = bindValue(e.value(), valueType, childPath);
            if (v == null) {
                ok = false;
                if (isNull(e.value())) {
                    errors.error(e.value().location(), childPath, "missing value", describe(valueType));
                }
            }
            out.put(e.key(), v);
        }
        return ok ? out : null;
    }

    private Object bindRecord(YNode node, Class<?> cls, String path, Leniency leniency) {
        boolean lenient = leniency != Leniency.STRICT;
        if (!(node instanceof YMap map)) {
            String alt = scalarForms.containsKey(cls) ? scalarForms.get(cls).describe() + " or " : "";
            return mismatch(node, path, alt + describe(cls));
        }
        RecordComponent[] components = cls.getRecordComponents();
        Map<String, RecordComponent> byName = new LinkedHashMap<>();
        for (RecordComponent c : components) {
            byName.put(c.getName(), c);
        }
        boolean ok = true;
        for (Entry e : map.entries().values()) {
            if (!byName.containsKey(e.key())) {
                ok = lenient;
                Optional<String> guess = DidYouMean.suggest(e.key(), byName.keySet());
                errors.error(e.keyLocation(), Paths.child(path, e.key()), "unknown field \"" + e.key() + "\""
                                + guess.map(g -> " (did you mean \"" + g + "\"?)").orElse(""),
                        "one of: " + String.join(", ", byName.keySet()));
            }
        }
        Object[] args = new Object[components.length];
        for (int i = 0; i < components.length; i++) {
            RecordComponent c = components[i];
            YNode child = map.get(c.getName());
            String childPath = Paths.child(path, c.getName());
            if (child == null || isNull(child)) {
                if (isRequired(c, map)) {
                    ok &= leniency == Leniency.ROOT;
                    Location where = child == null ? map.location() : child.location();
                    errors.error(where, childPath, child == null ? "missing required field" : "missing value",
                            describe(c.getGenericType()));
                }
                args[i] = primitiveDefault(c.getType());
                continue;
            }
            boolean required = isRequired(c, map);
            Object v = leniency == Leniency.ROOT && c.getGenericType() instanceof ParameterizedType pt && pt.getRawType() == List.class
                    ? bindList(child, pt.getActualTypeArguments()[0], childPath, true)
                    : bindValue(child, c.getGenericType(), childPath);
            if (v == null) {
                ok &= leniency == Leniency.ROOT || lenient && !required;
                v = primitiveDefault(c.getType());
            }
            args[i] = v;
        }
        if (!ok) {
            return null;
        }
        try {
            Constructor<?> ctor = cls.getDeclaredConstructor(
                    Arrays.stream(components).map(RecordComponent::getType).toArray(Class<?>[]::new));
            ctor.setAccessible(true);
            return ctor.newInstance(args);
        } catch (InvocationTargetException e) {
            if (e.getCause() instanceof IllegalArgumentException iae) {
                errors.error(map.location(), path, iae.getMessage(), describe(cls));
                return null;
            }
            throw new IllegalStateException("cannot build " + cls.getSimpleName(), e.getCause());
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("cannot build " + cls.getSimpleName(), e);
        }
    }

    /** {@link Required}, with its {@code unless} and {@code when} conditions on the mapping's other fields. */
    private static boolean isRequired(RecordComponent c, YMap map) {
        Required r = c.getAnnotation(Required.class);
        if (r == null) {
            return false;
        }
        return java.util.Arrays.stream(r.unless()).noneMatch(u -> holds(map, u)) && (r.when().isEmpty() || holds(map, r.when()));
    }

    /** {@code name}: the field is given; {@code name=value}: it is given with that value (as written, trimmed). */
    private static boolean holds(YMap map, String condition) {
        int eq = condition.indexOf('=');
        if (eq < 0) {
            return has(map, condition);
        }
        return map.get(condition.substring(0, eq)) instanceof YScalar s && s.text().trim().equals(condition.substring(eq + 1));
    }

    private static boolean has(YMap map, String field) {
        YNode v = map.get(field);
        return v != null && !isNull(v);
    }

    private Object bindScalar(YScalar s, Class<?> cls, String path) {
        String text = s.text().trim();
        if (cls == String.class) {
            if (s.kind() == YScalar.Kind.STRING || s.kind() == YScalar.Kind.INTEGER || s.kind() == YScalar.Kind.FLOAT) {
                return s.text();
            }
            return mismatch(s, path, "text");
        }
        if (cls == Double.class || cls == double.class) {
            Double d = number(s);
            return d != null ? d : mismatch(s, path, describe(cls), WrittenNumber.unitHint(s.text()));
        }
        if (cls == Integer.class || cls == int.class || cls == Long.class || cls == long.class) {
            Double d = number(s);
            boolean isInt = cls == Integer.class || cls == int.class;
            double limit = isInt ? Integer.MAX_VALUE : Long.MAX_VALUE;
            if (d != null && d == Math.rint(d) && Math.abs(d) > limit) {
                // Say the range, not only "expected a whole number" of a value that is one: the field's own where it
                // has one, else the type's.
                String min = isInt ? String.valueOf(Integer.MIN_VALUE) : String.valueOf(Long.MIN_VALUE);
                String max = isInt ? String.valueOf(Integer.MAX_VALUE) : String.valueOf(Long.MAX_VALUE);
                String range = io.gpuplan.problem.Limits.wholeNumberRange(path.substring(path.lastIndexOf('.') + 1));
                errors.error(s.location(), path, "is " + s.text().trim() + ", beyond what a whole number here may be",
                        range != null ? range : "a whole number from " + min + " to " + max);
                return null;
            }
            if (d == null || d != Math.rint(d)) {
                return mismatch(s, path, describe(cls), d == null ? WrittenNumber.unitHint(s.text()) : "");
            }
            return isInt ? (Object) d.intValue() : (Object) d.longValue();
        }
        if (cls == Boolean.class || cls == boolean.class) {
            return s.kind() == YScalar.Kind.BOOLEAN ? (Object) Boolean.parseBoolean(text) : mismatch(s, path, "true or false");
        }
        if (cls == LocalDate.class) {
            try {
                return LocalDate.parse(text);
            } catch (DateTimeParseException e) {
                return impossibleDate(s, path, text) ? null : mismatch(s, path, describe(cls));
            }
        }
        if (cls.isEnum()) {
            for (Object constant : cls.getEnumConstants()) {
                if (enumName((Enum<?>) constant).equals(text)) {
                    return constant;
                }
            }
            Optional<String> guess = DidYouMean.suggest(text, enumNames(cls));
            errors.error(s.location(), path, "unknown value \"" + text + "\""
                    + guess.map(g -> " (did you mean \"" + g + "\"?)").orElse(""), describe(cls));
            return null;
        }
        Method parse = parseMethod(cls);
        if (parse != null) {
            if (s.kind() != YScalar.Kind.STRING && s.kind() != YScalar.Kind.INTEGER && s.kind() != YScalar.Kind.FLOAT) {
                return mismatch(s, path, describe(cls));
            }
            try {
                return parse.invoke(null, text);
            } catch (InvocationTargetException e) {
                if (e.getCause() instanceof IllegalArgumentException iae) {
                    errors.error(s.location(), path, iae.getMessage(), describe(cls));
                    return null;
                }
                throw new IllegalStateException(e.getCause());
            } catch (IllegalAccessException e) {
                throw new IllegalStateException(e);
            }
        }
        throw new IllegalArgumentException("unsupported type " + cls);
    }

    /** The number a scalar states, also from text like {@code 2_000_000} or {@code 250k}; null when it is none or not finite. */
    public static Double number(YScalar s) {
        if (s.kind() == YScalar.Kind.BOOLEAN || s.kind() == YScalar.Kind.NULL) {
            return null;
        }
        return WrittenNumber.parse(s.text());
    }

    /** A date in ISO form that the calendar does not have (2027-02-30): says why, rather than "expected a date". */
    private boolean impossibleDate(YScalar s, String path, String text) {
        Matcher m = ISO_DATE.matcher(text);
        if (!m.matches()) {
            return false;
        }
        int year = Integer.parseInt(m.group(1));
        int month = Integer.parseInt(m.group(2));
        int day = Integer.parseInt(m.group(3));
        if (month < 1 || month > 12) {
            errors.error(s.location(), path, text + " does not exist: there is no month " + month, describe(LocalDate.class));
        } else {
            YearMonth ym = YearMonth.of(year, month);
            String monthName = ym.getMonth().getDisplayName(TextStyle.FULL, Locale.ENGLISH);
            errors.error(s.location(), path, text + " does not exist: " + (day < 1 ? "there is no day 0"
                    : monthName + " " + year + " has " + ym.lengthOfMonth() + " days"), "a date that exists, such as "
                    + (day < 1 ? ym.atDay(1) : ym.atEndOfMonth()));
        }
        return true;
    }

    private <T> T mismatch(YNode node, String path, String expected) {
        return mismatch(node, path, expected, "");
    }

    /** @param hint what the value may have meant, e.g. " (did you mean 80?)" */
    private <T> T mismatch(YNode node, String path, String expected, String hint) {
        String got = isNull(node) ? "nothing" : node.typeName();
        errors.error(node.location(), path, "expected " + expected + ", got " + got + hint, expected);
        return null;
    }

    private static boolean isNull(YNode n) {
        return n instanceof YScalar s && s.kind() == YScalar.Kind.NULL;
    }

    private static Object primitiveDefault(Class<?> t) {
        if (!t.isPrimitive()) {
            return null;
        }
        if (t == boolean.class) {
            return false;
        }
        if (t == double.class) {
            return 0.0;
        }
        if (t == long.class) {
            return 0L;
        }
        return 0;
    }

    private static Method parseMethod(Class<?> cls) {
        try {
            Method m = cls.getMethod("parse", String.class);
            return Modifier.isStatic(m.getModifiers()) ? m : null;
        } catch (NoSuchMethodException e) {
            return null;
        }
    }

    public static String enumName(Enum<?> e) {
        return e.name().toLowerCase(Locale.ROOT).replace('_', '-');
    }

    /** The enum's constants as written in problem files ({@link #enumName}), in declaration order. */
    public static List<String> enumNames(Class<?> cls) {
        return Arrays.stream(cls.getEnumConstants()).map(c -> enumName((Enum<?>) c)).toList();
    }

    /** What a value of this type looks like, for "what would be valid". */
    public static String describe(Type type) {
        if (type instanceof ParameterizedType pt) {
            Class<?> raw = (Class<?>) pt.getRawType();
            if (raw == List.class) {
                return "a list of " + plural(describe(pt.getActualTypeArguments()[0]));
            }
            return "a mapping of names to " + plural(describe(pt.getActualTypeArguments()[1]));
        }
        Class<?> cls = (Class<?>) type;
        if (cls == String.class) {
            return "text";
        }
        if (cls == Double.class || cls == double.class) {
            return "a number (e.g. 4.1, 2e12 or 2_000_000)";
        }
        if (cls == Integer.class || cls == int.class || cls == Long.class || cls == long.class) {
            return "a whole number";
        }
        if (cls == Boolean.class || cls == boolean.class) {
            return "true or false";
        }
        if (cls == LocalDate.class) {
            return "an ISO date such as 2027-01-05";
        }
        if (cls.isEnum()) {
            return "one of: " + String.join(", ", enumNames(cls));
        }
        String own = ownDescription(cls);
        if (own != null) {
            return own;
        }
        if (cls.isRecord()) {
            return "a mapping with fields " + Arrays.stream(cls.getRecordComponents())
                    .map(c -> c.getName() + requiredNote(c.getAnnotation(Required.class)))
                    .collect(Collectors.joining(", "));
        }
        return cls.getSimpleName();
    }

    private static String requiredNote(Required r) {
        if (r == null) {
            return "";
        }
        return r.unless().length == 0 && r.when().isEmpty() ? " (required)"
                : " (required" + (r.unless().length == 0 ? "" : " unless " + String.join(" or ", r.unless()).replace("=", ": ") + " is given")
                + (r.when().isEmpty() ? "" : " when " + r.when().replace("=", ": ") + " is given") + ")";
    }

    /** A value class may describe its own written form with {@code public static String describe()}. */
    private static String ownDescription(Class<?> cls) {
        try {
            Method m = cls.getMethod("describe");
            return Modifier.isStatic(m.getModifiers()) ? (String) m.invoke(null) : null;
        } catch (ReflectiveOperationException e) {
            return null;
        }
    }

    private static String plural(String description) {
        return description.startsWith("a ") ? description.substring(2) + " items" : description;
    }
}
