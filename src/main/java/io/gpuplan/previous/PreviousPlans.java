package io.gpuplan.previous;

import io.gpuplan.output.PlanDocument;
import io.gpuplan.output.PlanReader;
import io.gpuplan.problem.Carried;
import io.gpuplan.problem.Continuation;
import io.gpuplan.problem.Horizon;
import io.gpuplan.problem.InputError;
import io.gpuplan.problem.InputErrors;
import io.gpuplan.problem.Offer;
import io.gpuplan.problem.Previous;
import io.gpuplan.problem.Problem;
import io.gpuplan.problem.ProblemReader;
import io.gpuplan.problem.PurchaseModel;
import io.gpuplan.problem.yaml.Location;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.format.DateTimeParseException;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.regex.Pattern;

/**
 * R31: reads the previous plan a problem continues ({@code previous.plan}, or {@code --previous PLAN}) and adds to the
 * problem what it carries: its reservations still in their term as derived offers priced 0 (R31.1), and its jobs
 * still running as continuations (R31.2). Every error is located and reported at once, before anything is solved.
 */
public final class PreviousPlans {
    /** A carried offer's id, possibly numbered when two pools of one offer are carried: {@code o (carried 2)}. */
    private static final Pattern CARRIED_ID = Pattern.compile("^(.*) \\(carried(?: \\d+)?\\)$");

    private PreviousPlans() {
    }

    /**
     * The loaded problem with its previous plan applied; as it is when it names none.
     *
     * @param override {@code --previous PLAN} (relative to the working directory), or null: the problem's
     *                 {@code previous.plan}, relative to the problem file
     */
    public static ProblemReader.Loaded apply(ProblemReader.Loaded loaded, Path override) throws InputErrors {
        Path plan = planFile(loaded, override);
        if (plan == null) {
            return loaded;
        }
        // Named in the problem: located there; named on the command line: said as it is.
        boolean inFile = override == null;
        if (!Files.isRegularFile(plan)) {
            throw new InputErrors(List.of(whereNamed(loaded, inFile, "cannot read the previous plan " + plan + ": "
                    + (Files.exists(plan) ? "not a regular file" : "no such file"), "a plan file written by gpuplan solve"
                    + (inFile ? ", relative to this problem file" : ", relative to the working directory")
                    + " (solve the previous problem first, or give it with --previous PLAN)")));
        }
        PlanDocument doc;
        try {
            doc = PlanReader.read(plan);
        } catch (InputErrors e) {
            // The plan's own errors stand in it; say first where the problem names it, so the reader knows why it was read.
            List<InputError> errors = new ArrayList<>();
            errors.add(whereNamed(loaded, inFile, "the previous plan " + plan + " cannot be read (below)",
                    "a plan file written by gpuplan solve"));
            errors.addAll(e.errors());
            throw new InputErrors(errors);
        }
        String text;
        byte[] bytes;
        try {
            bytes = Files.readAllBytes(plan);
            text = new String(bytes, java.nio.charset.StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new InputErrors(List.of(new InputError(plan.toString(), Location.UNKNOWN, "", "cannot read the file: "
                    + io.gpuplan.problem.IoFailure.reading(plan, e), "a plan file written by gpuplan solve")));
        }
        List<String> warnings = new ArrayList<>(loaded.warnings());
        Problem problem = apply(loaded.problem(), plan.getFileName().toString(), ProblemReader.sha256(bytes), doc, text,
                plan.toString(), loaded.file().toString(), w -> warnings.add(loaded.file() + ": " + w));
        return new ProblemReader.Loaded(loaded.file(), loaded.sha256(), problem, List.copyOf(warnings));
    }

    /** An error about the previous plan, at the problem's {@code previous.plan} or said of {@code --previous}. */
    private static InputError whereNamed(ProblemReader.Loaded loaded, boolean inFile, String what, String valid) {
        return new InputError(loaded.file().toString(), inFile ? loaded.problem().previous().requestedAt() : Location.UNKNOWN,
                inFile ? "previous.plan" : "--previous", what, valid);
    }

    /** The previous plan's file {@link #apply} reads ({@code override}, else the problem's), or null when none. */
    public static Path planFile(ProblemReader.Loaded loaded, Path override) {
        Previous asked = loaded.problem().previous();
        return override != null ? override
                : asked.requested() != null ? loaded.file().resolveSibling(asked.requested()) : null;
    }

    /**
     * The problem continuing {@code doc}.
     *
     * @param planName the previous plan's file name (the new plan records it)
     * @param text     the plan's text, to locate errors in it
     */
    public static Problem apply(Problem problem, String planName, String sha256, PlanDocument doc, String text,
                                String planFile, String problemFile, Consumer<String> warnings) throws InputErrors {
        List<InputError> errors = new ArrayList<>();
        Horizon h = problem.horizon();
        LocalDate previousStart = previousStart(doc, text, planFile, errors);
        if (previousStart != null && !previousStart.isBefore(h.end())) {
            errors.add(new InputError(planFile, at(text, "horizon:"), "horizon.start", "the previous plan's horizon"
                    + " starts on " + previousStart + ", not before this problem's horizon ends (" + h.end() + ")",
                    "the plan of an earlier horizon (last quarter's)"));
        }
        if (!errors.isEmpty()) {
            throw new InputErrors(errors);
        }
        List<Offer> offers = carriedOffers(problem, doc, previousStart, planName, text, planFile, problemFile, errors);
        Map<String, Continuation> continuing = new LinkedHashMap<>();
        List<String> finished = new ArrayList<>();
        for (PlanDocument.Assignment a : doc.assignments() == null ? List.<PlanDocument.Assignment>of() : doc.assignments()) {
            if (!"planned".equals(a.status()) || a.start() == null || a.end() == null) {
                continue;
            }
            LocalDateTime start = time(a.start());
            LocalDateTime end = time(a.end());
            LocalDateTime newStart = h.start().atStartOfDay();
            if (start == null || end == null || !start.isBefore(newStart) || end.isBefore(newStart)) {
                continue; // ended before this horizon (finished last quarter), or started after its start
            }
            if (problem.job(a.job()).isEmpty()) {
                finished.add(a.job());
                warnings.accept("job " + a.job() + " of the previous plan " + planName + " was still running on "
                        + h.start() + " (until " + a.end() + "); this problem does not list it, so it is taken as"
                        + " finished or stopped");
                continue;
            }
            continuing.put(a.job(), new Continuation(a.job(), baseOffer(a.offer()), a.billedGpus(), a.provider(), a.region()));
        }
        if (!errors.isEmpty()) {
            throw new InputErrors(errors);
        }
        Previous p = problem.previous();
        return problem.withPrevious(offers, new Previous(p.requested(), planName, sha256, p.churnCostPerMove(),
                continuing, finished, p.requestedAt()));
    }

    /** The offer a previous assignment or reservation is on, its carried twin's base offer for a carried one. */
    static String baseOffer(String id) {
        var m = CARRIED_ID.matcher(id);
        return m.matches() ? m.group(1) : id;
    }

    private static LocalDate previousStart(PlanDocument doc, String text, String planFile, List<InputError> errors) {
        if (doc.horizon() == null || doc.horizon().start() == null) {
            errors.add(new InputError(planFile, new Location(1, 1), "horizon", "the plan states no horizon (it was"
                    + " written by an older gpuplan)", "re-solve its problem with this gpuplan: plans now state"
                    + " horizon: {start, end, slot}"));
            return null;
        }
        try {
            return LocalDate.parse(doc.horizon().start());
        } catch (DateTimeParseException e) {
            errors.add(new InputError(planFile, at(text, "  start:"), "horizon.start", "\"" + doc.horizon().start()
                    + "\" is not a date", "a date such as 2027-01-01"));
            return null;
        }
    }

    /**
     * R31.1: the problem's offers with, after each reserved offer the previous plan bought GPUs on, a derived offer
     * carrying those GPUs for what is left of their term, priced 0.
     */
    private static List<Offer> carriedOffers(Problem problem, PlanDocument doc, LocalDate previousStart, String planName,
                                             String text, String planFile, String problemFile, List<InputError> errors) {
        Horizon h = problem.horizon();
        Map<String, List<Offer>> carriedAfter = new LinkedHashMap<>();
        Map<String, PlanDocument.Carried> carriedBefore = new LinkedHashMap<>();
        if (doc.carried() != null) {
            doc.carried().forEach(c -> carriedBefore.put(c.offer(), c));
        }
        List<PlanDocument.Reservation> reservations = doc.reservations() == null ? List.of() : doc.reservations();
        for (PlanDocument.Reservation r : reservations) {
            // A pool the previous plan carried itself: its GPUs are what it carried, not the peak it used.
            PlanDocument.Carried before = carriedBefore.get(r.offer());
            int gpus = before != null ? before.gpus() : r.gpus();
            if (gpus <= 0) {
                continue;
            }
            LocalDate termEnd = previousStart.plusMonths(r.termMonths());
            if (!termEnd.isAfter(h.start())) {
                continue; // its term ended before this horizon
            }
            String base = baseOffer(r.offer());
            Offer o = problem.offer(base).orElse(null);
            if (o == null) {
                errors.add(new InputError(problemFile, problem.previous().requestedAt(), "offers", "the previous plan "
                        + planName + " reserved " + gpus + " GPUs on \"" + base + "\" until " + termEnd
                        + ", and this problem has no such offer", "add offer " + base + " to offers (its price is what a"
                        + " new reservation there costs; the carried GPUs cost nothing new)"));
                continue;
            }
            List<Offer> list = carriedAfter.computeIfAbsent(base, k -> new ArrayList<>());
            String id = list.isEmpty() ? Carried.idOf(base) : base + " (carried " + (list.size() + 1) + ")";
            int until = Math.min(h.slots(), h.slotEdgeAtOrBefore(h.hoursFromStart(termEnd)));
            int monthsLeft = (int) ChronoUnit.MONTHS.between(h.start(), termEnd);
            double price = before != null ? before.pricePerGpuHour().doubleValue() : r.pricePerGpuHour().doubleValue();
            String currency = before != null ? before.priceCurrency() : r.priceCurrency();
            Carried carried = new Carried(base, planName, gpus, termEnd, monthsLeft, until, price, currency, o.exchangeRate());
            list.add(carriedReservation(o, id, carried, source(planName, price, currency, termEnd)));
        }
        List<PlanDocument.Owned> owned = doc.owned() == null ? List.of() : doc.owned();
        for (PlanDocument.Owned w : owned) {
            // R31.1 for owned cards: still there, with no new depreciation, operations or lead time; power per job stays.
            PlanDocument.Carried before = carriedBefore.get(w.offer());
            int gpus = before != null ? before.gpus() : w.gpus();
            String base = baseOffer(w.offer());
            Offer o = problem.offer(base).orElse(null);
            if (gpus <= 0) {
                continue;
            }
            if (o == null || !o.isOwned()) {
                errors.add(new InputError(problemFile, problem.previous().requestedAt(), "offers", "the previous plan "
                        + planName + " bought " + gpus + " owned GPUs on \"" + base + "\", and this problem has "
                        + (o == null ? "no such offer" : "it as a " + o.purchase().label() + " offer"),
                        "add owned offer " + base + " to offers (its terms price new cards; the carried ones cost only power)"));
                continue;
            }
            List<Offer> list = carriedAfter.computeIfAbsent(base, k -> new ArrayList<>());
            String id = list.isEmpty() ? Carried.idOf(base) : base + " (carried " + (list.size() + 1) + ")";
            double price = before != null ? before.pricePerGpuHour().doubleValue() : w.purchasePrice().doubleValue();
            Carried carried = new Carried(base, planName, gpus, null, 0, h.slots(), price,
                    before != null ? before.priceCurrency() : w.priceCurrency(), o.exchangeRate());
            list.add(carriedOwned(o, id, carried, ownedSource(planName, price, carried.currency())));
        }
        List<Offer> out = new ArrayList<>();
        for (Offer o : problem.offers()) {
            out.add(o);
            out.addAll(carriedAfter.getOrDefault(o.id(), List.of()));
        }
        return out;
    }

    /**
     * R31.1: the derived offer carrying {@code carried.gpus()} reserved GPUs of {@code o} at price 0 for
     * {@code carried.monthsLeft()} months (R32's sweeps fix a candidate's pools the same way).
     */
    public static Offer carriedReservation(Offer o, String id, Carried carried, io.gpuplan.problem.PriceSource source) {
        return new Offer(id, o.provider(), o.region(), o.jurisdiction(), o.accelerator(), PurchaseModel.RESERVED,
                0, o.currency(), 0, o.exchangeRate(), o.gpusPerInstance(), carried.gpus(), o.crossNodeEfficiency(),
                o.interruptionsPerDay(), Math.max(1, carried.monthsLeft()), source, null, null, java.util.List.of(), carried);
    }

    /** R31.1: the derived offer carrying owned cards: no new depreciation, operations or lead time; power as before. */
    public static Offer carriedOwned(Offer o, String id, Carried carried, io.gpuplan.problem.PriceSource source) {
        io.gpuplan.problem.OwnedTerms t = o.owned();
        var terms = new io.gpuplan.problem.OwnedTerms(0, t.depreciationMonths(), t.powerKw(), t.electricityPricePerKwh(),
                t.pue(), 0, 0);
        return new Offer(id, o.provider(), o.region(), o.jurisdiction(), o.accelerator(), PurchaseModel.OWNED,
                0, o.currency(), 0, o.exchangeRate(), o.gpusPerInstance(), carried.gpus(), o.crossNodeEfficiency(),
                o.interruptionsPerDay(), 0, source, terms, null, java.util.List.of(), carried);
    }

    /** Price provenance of a carried pool: 0 here, bought by the previous plan at its own price. */
    private static io.gpuplan.problem.PriceSource source(String planName, double price, String currency, LocalDate termEnd) {
        return new io.gpuplan.problem.PriceSource("previous plan", null, planName, null, null, "0: carried from " + planName
                + ", bought there at " + io.gpuplan.output.Numbers.exact(price).toPlainString() + " " + currency
                + " per GPU-hour until " + termEnd + " (R18 and R29 charged there, R31.1)", List.of(), List.of());
    }

    private static io.gpuplan.problem.PriceSource ownedSource(String planName, double price, String currency) {
        return new io.gpuplan.problem.PriceSource("previous plan", null, planName, null, null, "0: owned cards carried from "
                + planName + " (bought there at " + io.gpuplan.output.Numbers.exact(price).toPlainString() + " " + currency
                + " per GPU; no new depreciation or operations, power per job as before, R31.1)", List.of(), List.of());
    }

    /** A plan's slot time: a date (daily and weekly slots) or a date and hour. */
    private static LocalDateTime time(String s) {
        try {
            return s.contains("T") ? LocalDateTime.parse(s) : LocalDate.parse(s).atStartOfDay();
        } catch (DateTimeParseException e) {
            return null;
        }
    }

    /** Where {@code key} first starts a line of the plan's text (1:1 when it does not). */
    private static Location at(String text, String key) {
        int line = 1;
        for (String l : text.split("\n", -1)) {
            if (l.startsWith(key)) {
                return new Location(line, 1);
            }
            line++;
        }
        return new Location(1, 1);
    }
}
