package io.gpuplan.schema;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.networknt.schema.Error;
import com.networknt.schema.InputFormat;
import com.networknt.schema.Schema;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.SpecificationVersion;
import io.gpuplan.problem.InputErrors;
import io.gpuplan.problem.ProblemReader;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;
import tools.jackson.dataformat.yaml.YAMLMapper;

/**
 * The published JSON Schema: it is what the reader's classes generate, every bundled problem and overlay passes it
 * (with a third-party validator, networknt json-schema-validator), each points editors at it, and broken files fail
 * it, as they fail the reader.
 */
class ProblemSchemaTest {
    private static final String MODELINE = "# yaml-language-server: $schema=../schema/gpuplan-problem.schema.json";
    private static final Schema SCHEMA = SchemaRegistry.withDefaultDialect(SpecificationVersion.DRAFT_7)
            .getSchema(ProblemSchema.json(), InputFormat.JSON);
    private static final YAMLMapper YAML = YAMLMapper.builder().build();

    @TempDir
    Path dir;

    private static List<Error> errors(String yaml) {
        JsonNode node = YAML.readTree(yaml);
        return SCHEMA.validate(node);
    }

    private static List<Path> bundledProblems() throws IOException {
        try (Stream<Path> s = Files.list(Path.of("problems"))) {
            return s.filter(p -> p.toString().endsWith(".yaml")).sorted().toList();
        }
    }

    @Test
    void committedSchemaIsTheGeneratedOne() throws IOException {
        assertEquals(ProblemSchema.json(), Files.readString(Path.of(ProblemSchema.FILE)),
                "schema/gpuplan-problem.schema.json is stale: regenerate it with ./gpuplan schema > " + ProblemSchema.FILE);
    }

    @Test
    void everyBundledProblemAndOverlayPassesAndPointsEditorsAtTheSchema() throws IOException {
        List<Path> files = new ArrayList<>(bundledProblems());
        assertTrue(files.size() >= 15, "problems/ has " + files.size() + " files");
        for (Path f : files) {
            String text = Files.readString(f);
            assertEquals(MODELINE, text.lines().findFirst().orElse(""), f + ": first line");
            assertEquals(List.of(), errors(text), f.toString());
        }
        // Also the reader's own test inputs that it accepts (PROBLEM-FORMAT.md's example, overlays, a tiny problem).
        for (String f : List.of("src/test/resources/io/gpuplan/problem/format-example.yaml", "src/test/resources/problems/tiny.yaml",
                "src/test/resources/overlays/good.yaml", "src/test/resources/overlays/chained.yaml")) {
            assertEquals(List.of(), errors(Files.readString(Path.of(f))), f);
        }
    }

    /** Each broken file fails the schema at the field that is wrong, and the reader rejects it too. */
    @Test
    void brokenProblemsFailTheSchemaWhereTheReaderFailsThem() throws IOException {
        String head = "name: t\nhorizon: {start: 2027-01-01, end: 2027-04-01}\njobs:\n  - {id: j, kind: training, memoryGb: 100, flops: 1e20}\n";
        String ok = "{id: o, provider: aws, region: us-east-1, jurisdiction: US, accelerator: A100, purchase: on-demand, price: 4.1}";
        List<String[]> broken = List.of(
                new String[] {"unknown field", "offers:\n  - {id: o, provider: aws, region: us-east-1, jurisdiction: US,"
                        + " accelerator: A100, purchase: on-demand, pricePerHuor: 4.1}\n", "pricePerHuor"},
                new String[] {"missing required price", "offers:\n  - {id: o, provider: aws, region: us-east-1,"
                        + " jurisdiction: US, accelerator: A100, purchase: on-demand}\n", "price"},
                new String[] {"catalog offer without instanceType", "offers:\n  - {id: o, from: catalog, provider: aws,"
                        + " region: us-east-1, jurisdiction: US, purchase: on-demand}\n", "instanceType"},
                new String[] {"unknown purchase model", "offers:\n  - {id: o, provider: aws, region: us-east-1,"
                        + " jurisdiction: US, accelerator: A100, purchase: spto, price: 1}\n", "purchase"},
                new String[] {"not an interruption band", "offers:\n  - {id: o, from: catalog, provider: aws, region: us-east-1,"
                        + " instanceType: p4d.24xlarge, jurisdiction: US, purchase: spot, interruptionBand: \">25%\"}\n", "interruptionBand"},
                new String[] {"a number as text that is none", "offers:\n  - " + ok + "\nbudget: {total: lots}\n", "total"},
                new String[] {"a wrong GPU count", "offers:\n  - " + ok + "\n", "gpus"});
        for (String[] b : broken) {
            String text = b[0].equals("a wrong GPU count") ? head.replace("flops: 1e20}", "flops: 1e20, gpus: [8]}") + b[1] : head + b[1];
            List<Error> e = errors(text);
            assertFalse(e.isEmpty(), b[0] + ": the schema accepts it");
            assertTrue(e.stream().anyMatch(x -> x.toString().contains(b[2])), b[0] + ": " + e);
            Path f = dir.resolve("broken.yaml");
            Files.writeString(f, text);
            assertThrows(InputErrors.class, () -> ProblemReader.read(f), b[0] + ": the reader accepts it");
        }
    }

    @Test
    void brokenOverlaysFailTheSchema() {
        assertFalse(errors("extends: base.yaml\noffers: {replace: []}\n").isEmpty(), "unknown list change");
        assertFalse(errors("extends: base.yaml\noffers: [{id: x}]\n").isEmpty(), "a whole list instead of changes");
        assertFalse(errors("extends: base.yaml\noffers: {update: [{maxGpus: 8}]}\n").isEmpty(), "an update without its id");
        assertFalse(errors("extends: base.yaml\nscale: [{prices: 0.9, zone: a}]\n").isEmpty(), "an unknown filter");
        assertFalse(errors("extends: base.yaml\nscale: [{prices: 0.9, budget: 0.8}]\n").isEmpty(), "two things at once");
        assertFalse(errors("extends: base.yaml\nscale: [{deadlines: soon}]\n").isEmpty(), "a shift that is none");
        assertFalse(errors("extends: base.yaml\nscale: [{capacities: 0}]\n").isEmpty(), "a factor that is not positive");
        assertFalse(errors("extends: base.yaml\nhorizon: {slot: 5h}\n").isEmpty(), "a slot length that is none");
        // What an overlay may write: part of a merged map, partial updates, catalog offers, every scale rule.
        assertEquals(List.of(), errors("extends: base.yaml\nhorizon: {end: 2027-03-01}\nbudget: {total: 2_000_000}\n"
                + "offers:\n  update: [{id: a, maxGpus: 64}]\n  remove: [b]\n  add: [{id: c, from: catalog, provider: aws,"
                + " region: us-east-1, instanceType: p4d.24xlarge, jurisdiction: US, purchase: reserved, discount: typical}]\n"
                + "scale: [{prices: 0.9, purchase: reserved}, {capacities: 0.5, provider: aws}, {budget: 0.8},"
                + " {deadlines: -7d, kind: training}]\n"));
    }

    @Test
    void throughputKeysAreDescribedForEditors() {
        JsonNode field = YAML.readTree(ProblemSchema.json()).path("definitions").path("WorkFile").path("properties")
                .path("throughputPerGpu");
        assertTrue(field.path("description").asString().startsWith("units/second per GPU, keyed by offer id, provider or"
                + " accelerator"), field.toString());
    }

    @Test
    void acceptsWhatTheReaderAcceptsInEveryWrittenForm() {
        assertEquals(List.of(), errors("name: t\nhorizon: {start: 2027-01-01, end: 2027-04-01, slot: 6h}\n"
                + "budget: {total: 1.5M, byProvider: {aws: 250k}}\n"
                + "offers:\n  - {id: o, from: catalog, provider: aws, region: us-east-1, instanceType: p4d.24xlarge,"
                + " jurisdiction: US, purchase: spot, interruptionBand: \"5-10%\", priceFactor: 0.9}\n"
                + "jobs:\n  - {id: j, kind: training, memoryGb: 100, flops: 1e20, gpus: 8, interruptible: true}\n"));
    }
}
