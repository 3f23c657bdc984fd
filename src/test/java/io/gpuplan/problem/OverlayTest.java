package io.gpuplan.problem;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Scenario overlays: changes by id, scaling, chains of extends, and errors located in the file that wrote them. */
class OverlayTest {
    static final Path DIR = Path.of("src/test/resources/overlays");

    static Problem read(String file) throws InputErrors {
        return ProblemReader.read(DIR.resolve(file)).problem();
    }

    static List<String> errors(String file) {
        return assertThrows(InputErrors.class, () -> ProblemReader.read(DIR.resolve(file))).errors().stream()
                .map(InputError::format).toList();
    }

    @Test
    void anOverlayChangesItsBaseByIdAndScales() throws Exception {
        Problem p = read("good.yaml");
        assertEquals("overlay base (good)", p.name(), "an overlay without a name is named after its base and file");
        assertEquals(List.of("od", "ri", "h100"), p.offers().stream().map(Offer::id).toList(), "spot removed, h100 added");
        assertEquals(16, p.offer("od").orElseThrow().maxGpus(), "updated to 32, then capacities × 0.5 for aws");
        assertEquals(16, p.offer("ri").orElseThrow().maxGpus(), "gcp: not scaled");
        assertEquals(2.5 * 0.9, p.offer("ri").orElseThrow().price(), 1e-12, "reserved prices × 0.9");
        assertEquals(4.0, p.offer("od").orElseThrow().price(), 1e-12, "on-demand untouched");
        assertEquals(LocalDate.of(2027, 2, 8), p.job("train").orElseThrow().deadline(), "updated to 02-15, then -7d");
        assertEquals(90_000.0, p.budget().total(), "top-level maps merge: total replaced...");
        assertEquals(60_000.0, p.budget().byProvider().get("aws"), "...and byProvider kept from the base");
        assertEquals(4, ((Work.Serving) p.job("serve").orElseThrow().work()).replicas(), "untouched job as in the base");
    }

    @Test
    void aChainOfOverlaysAppliesEachInTurn() throws Exception {
        Problem p = read("chained.yaml");
        assertEquals("chained", p.name());
        assertEquals(45_000.0, p.budget().total(), "90 000 from good.yaml, × 0.5 here");
        assertEquals(30_000.0, p.budget().byProvider().get("aws"));
        assertEquals(List.of("od", "ri", "h100"), p.offers().stream().map(Offer::id).toList());
    }

    @Test
    void everyErrorOfABrokenOverlayPointsIntoTheOverlay() {
        List<String> errors = errors("broken.yaml");
        String f = DIR.resolve("broken.yaml").toString();
        assertEquals(6, errors.size(), String.join("\n", errors));
        assertTrue(errors.get(0).startsWith(f + ":4:12: offers.update[0].id: no offer with id \"odd\" in the base (did you mean \"od\"?)"), errors.get(0));
        assertTrue(errors.get(1).startsWith(f + ":5:12: offers.remove[0]: no offer with id \"spott\" in the base (did you mean \"spot\"?)"), errors.get(1));
        assertEquals(f + ":5:25: offers.remove[2]: \"spot\" is removed twice (also offers.remove[1]) — each id once", errors.get(2));
        assertTrue(errors.get(3).startsWith(f + ":8:62: jobs[2].gpuz: unknown field \"gpuz\" (did you mean \"gpus\"?)"), errors.get(3));
        assertTrue(errors.get(4).startsWith(f + ":10:19: scale[0].purchse: unknown filter \"purchse\" for prices (did you mean \"purchase\"?)"), errors.get(4));
        assertTrue(errors.get(5).startsWith(f + ":11:18: scale[1].capacities: expected a factor greater than zero"), errors.get(5));
    }

    /**
     * A scale filter whose value no offer (or job) has would make the rule change nothing, silently: each is an error
     * at its value, with what would be valid; so is an unknown key of a rule that names nothing to scale.
     */
    @Test
    void aScaleFilterThatMatchesNothingIsAnErrorAtItsValue() {
        String f = DIR.resolve("scale-filters.yaml").toString();
        String purchases = "one of: on-demand, spot, reserved, owned, block";
        assertEquals(List.of(
                f + ":3:29: scale[0].purchase: unknown purchase model \"bogus\" — " + purchases,
                f + ":4:29: scale[1].purchase: unknown purchase model \"RESERVED\" (did you mean \"reserved\"?) — " + purchases,
                f + ":5:29: scale[2].purchase: no offer with purchase \"block\" — one of: on-demand, reserved, spot",
                f + ":6:29: scale[3].provider: no offer with provider \"nonexistent\" — one of: aws, gcp",
                f + ":7:26: scale[4].offer: no offer with id \"ghost\" — one of: od, ri, spot",
                f + ":8:27: scale[5].job: no job with id \"trian\" (did you mean \"train\"?) — one of: serve, train",
                f + ":9:36: scale[6].accelerator: no offer with accelerator \"Z100\" — one of: A100-80G",
                f + ":10:27: scale[7].region: expected one region, got a list — a single value, e.g. region: us-east-1;"
                        + " a rule for each of several",
                f + ":11:6: scale[8].pricez: unknown key \"pricez\" (did you mean \"prices\"?) — exactly one of: prices,"
                        + " capacities, budget, deadlines, with its filters",
                f + ":12:5: scale[9]: no offer has provider \"gcp\" and purchase \"spot\" together — filters that one offer"
                        + " meets together, or a rule for each",
                f + ":13:28: scale[10].kind: no job with kind \"fine-tuning\" — one of: inference, training",
                f + ":14:18: scale[11].capacities: expected a factor greater than zero — e.g. 0.9 for 10 % less",
                f + ":14:31: scale[11].provider: no offer with provider \"awz\" (did you mean \"aws\"?) — one of: aws, gcp"),
                errors("scale-filters.yaml"));
    }

    /** A rule with nothing to change (no capacity on the offers it picks, no budget) would leave the base as it is. */
    @Test
    void aRuleWithNothingToScaleIsAnError(@TempDir Path dir) throws Exception {
        Files.writeString(dir.resolve("bare.yaml"), Files.readString(DIR.resolve("base.yaml"))
                .replace("budget: {total: 100_000, byProvider: {aws: 60_000}}\n", "").replace(", maxGpus: 64", ""));
        Path overlay = dir.resolve("o.yaml");
        Files.writeString(overlay, "extends: bare.yaml\nscale:\n  - {capacities: 0.5, offer: od}\n  - {budget: 0.8}\n"
                + "  - {capacities: 0.5, offer: ri}\n");
        List<String> errors = assertThrows(InputErrors.class, () -> ProblemReader.read(overlay)).errors().stream()
                .map(InputError::format).toList();
        assertEquals(List.of(
                overlay + ":3:18: scale[0].capacities: no offer it applies to states maxGpus, so there is no capacity to scale"
                        + " — a filter that picks offers with maxGpus, or maxGpus on them",
                overlay + ":4:14: scale[1].budget: the problem states no budget to scale — a budget (total or byProvider)"
                        + " in the problem or its base"), errors, "the rule on ri (maxGpus: 16) is applied");
    }

    @Test
    void anErrorInTheBasePointsIntoTheBase() {
        List<String> errors = errors("bad-price.yaml");
        assertEquals(1, errors.size(), String.join("\n", errors));
        assertTrue(errors.get(0).startsWith(DIR.resolve("base-bad.yaml") + ":4:117: offers[0].price: is -4, must be greater than zero"),
                errors.get(0));
    }

    @Test
    void anOverlayMayRemoveEveryOfferOfAProviderTheBaseBudgets() throws Exception {
        ProblemReader.Loaded loaded = ProblemReader.read(DIR.resolve("no-aws.yaml"));
        assertEquals(List.of("ri"), loaded.problem().offers().stream().map(Offer::id).toList());
        assertEquals(60_000.0, loaded.problem().budget().byProvider().get("aws"), "the base's line is kept as written");
        assertEquals(1, loaded.warnings().stream().filter(w -> w.contains("budget.byProvider.aws: no offer is from aws")
                && w.contains("limits nothing")).count(), String.join("\n", loaded.warnings()));
        // The base's measured rate on aws (a throughput key) applies to nothing now, and is no error either.
        assertEquals(Map.of("ri", 300.0), ((Work.Throughput) loaded.problem().job("sweep").orElseThrow().work()).byOffer());
        assertEquals(1, loaded.warnings().stream().filter(w -> w.contains("jobs[2].work.throughputPerGpu.aws: no offer,"
                + " provider or accelerator is named aws, so this rate applies to nothing")).count(),
                String.join("\n", loaded.warnings()));
    }

    @Test
    void aCycleOfExtendsIsAnError() {
        List<String> errors = errors("cycle-a.yaml");
        // Located at the extends that closes the cycle, in the base (cycle-a's own extends is at 1:10).
        assertEquals(List.of(DIR.resolve("cycle-b.yaml") + ":2:10: extends: extends cycle: cycle-a.yaml -> cycle-b.yaml -> cycle-a.yaml"
                + " — a chain of extends that ends in a problem file without extends"), errors);
    }

    @Test
    void aMissingBaseIsAnError() {
        List<String> errors = errors("missing-base.yaml");
        assertTrue(errors.get(0).contains(":1:10: extends: cannot read the base file ") && errors.get(0).contains("no-such-file.yaml: no such file"),
                errors.get(0));
    }

    @Test
    void theOverlaysFingerprintChangesWithItsBase(@TempDir Path dir) throws Exception {
        Files.copy(DIR.resolve("base.yaml"), dir.resolve("base.yaml"));
        Files.copy(DIR.resolve("good.yaml"), dir.resolve("good.yaml"));
        String before = ProblemReader.read(dir.resolve("good.yaml")).sha256();
        assertEquals(before, ProblemReader.read(dir.resolve("good.yaml")).sha256(), "the same on every read");
        Files.writeString(dir.resolve("base.yaml"), Files.readString(dir.resolve("base.yaml")).replace("price: 4.0", "price: 4.5"));
        assertNotEquals(before, ProblemReader.read(dir.resolve("good.yaml")).sha256());
    }

    @Test
    void resolvePrintsAProblemThatReadsLikeTheOverlay(@TempDir Path dir) throws Exception {
        Path resolved = dir.resolve("resolved.yaml");
        Files.writeString(resolved, ProblemReader.resolve(DIR.resolve("good.yaml")));
        Problem direct = read("good.yaml");
        Problem again = ProblemReader.read(resolved).problem();
        assertEquals(direct, again);
        assertEquals(ProblemReader.resolve(DIR.resolve("good.yaml")), ProblemReader.resolve(resolved), "field by field");
    }
}
