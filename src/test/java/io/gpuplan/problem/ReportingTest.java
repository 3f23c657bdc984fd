package io.gpuplan.problem;

import static io.gpuplan.problem.ReaderAssertions.assertError;
import static io.gpuplan.problem.ReaderAssertions.at;
import static io.gpuplan.problem.ReaderAssertions.errors;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gpuplan.problem.yaml.Location;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** All problems of a file are reported at once, each on its own line; YAML syntax errors have a location too. */
class ReportingTest {

    @Test
    void everyFieldErrorOfTheFileAtOnce() {
        String text = """
                name: t
                horizon: {start: 2027-01-01, end: 2027-04-01}
                offers:
                  - {id: od, provider: aws, region: us-east-1, jurisdiction: US, accelerator: A100-80G, purchase: on-demand, price: cheap}
                  - {id: od2, provider: aws, jurisdiction: US, accelerator: A100-80G, purchase: on-demand, price: 4.10}
                jobs:
                  - {id: j, kind: training, memoryGb: 100, flops: 1e20, prority: 5}
                """;
        List<InputError> errors = errors(text);
        assertEquals(3, errors.size(), ReaderAssertions.format(errors));
        assertError(text, "offers[0].price", "cheap", "expected a number", "a number");
        assertError(text, "offers[1].region", "{id: od2", "missing required field", "text");
        assertError(text, "jobs[0].prority", "prority", "(did you mean \"priority\"?)", "one of:");
    }

    /** Issue 11 point 6: type errors used to hide duplicate ids, min > max and missing rates until fixed. */
    @Test
    void typeErrorsDoNotHideValueErrorsOfTheSameOrOtherItems() {
        String text = """
                name: t
                horizon: {start: 2027-01-01, end: 2027-04-01, slot: 1x}
                exchangeRates: {CNY: 7.0}
                offers:
                  - {id: od, provider: aws, region: us-east-1, jurisdiction: US, accelerator: A100-80G, purchase: on-demand, price: cheap}
                  - {id: od, provider: aws, region: us-east-1, jurisdiction: US, accelerator: A100-80G, purchase: on-demand, price: 4.1, maxGpus: many}
                  - {id: eu, provider: ovh, region: gra, jurisdiction: FR, accelerator: A100-80G, purchase: on-demand, price: 3.0, currency: EUR, gpusPerInstance: x}
                jobs:
                  - {id: j, kind: training, memoryGb: 100, flops: 1e18, gpus: {min: 8, max: 4}, priority: high}
                  - {id: j, kind: training, memoryGb: 100, flops: 1e18, interruptible: maybe}
                  - {id: k, kind: training, memoryGb: lots, flops: 1e18}
                """;
        List<InputError> errors = errors(text);
        assertEquals(List.of("horizon.slot", "offers[0].price", "offers[1].id", "offers[1].maxGpus", "offers[2].currency",
                        "offers[2].gpusPerInstance", "jobs[0].gpus", "jobs[0].priority", "jobs[1].id", "jobs[1].interruptible",
                        "jobs[2].memoryGb"),
                errors.stream().map(InputError::path).toList(), ReaderAssertions.format(errors));
        assertError(text, "offers[1].id", "{id: ^od, provider: aws, region: us-east-1, jurisdiction: US, accelerator: A100-80G, purchase: on-demand, price: 4.1",
                "duplicate offer id \"od\"", "a unique id");
        assertError(text, "offers[2].currency", "EUR", "no exchange rate for EUR", "exchangeRates");
        assertError(text, "jobs[0].gpus", "{min: 8", "min 8 > max 4", "min <= max");
        assertError(text, "jobs[1].id", "{id: ^j, kind: training, memoryGb: 100, flops: 1e18, interruptible",
                "duplicate job id \"j\"", "a unique id");
    }

    @Test
    void everyValueErrorOfTheFileAtOnce() {
        String text = """
                name: t
                horizon: {start: 2027-01-01, end: 2027-04-01}
                offers:
                  - {id: od, provider: aws, region: us-east-1, jurisdiction: US, accelerator: A100-80G, purchase: on-demand, price: -1}
                  - {id: od, provider: ali, region: cn-shanghai, jurisdiction: CN, accelerator: A100-80G, purchase: on-demand, price: 18.5, currency: CNY}
                  - {id: x, provider: aws, region: us-east-1, jurisdiction: US, accelerator: Z80, purchase: on-demand, price: 2}
                jobs:
                  - {id: a, kind: training, memoryGb: 100, flops: 1e20, gpus: {min: 8, max: 4}}
                  - {id: b, kind: training, memoryGb: 100, flops: 1e20, deadline: 2027-05-01}
                  - {id: b, kind: training, memoryGb: 100}
                """;
        List<InputError> errors = errors(text);
        assertEquals(8, errors.size(), ReaderAssertions.format(errors));
        assertError(text, "offers[0].price", "price: ^-1", "must be greater than zero", "a positive number");
        assertError(text, "offers[1].id", "{id: ^od, provider: ali", "duplicate offer id", "a unique id");
        assertError(text, "offers[1].currency", "CNY", "no exchange rate for CNY", "exchangeRates");
        assertError(text, "offers[2].accelerator", "Z80", "unknown accelerator", "one of:");
        assertError(text, "jobs[0].gpus", "{min: 8", "min 8 > max 4", "min <= max");
        assertError(text, "jobs[1].deadline", "2027-05-01", "after the horizon end", "a date up to 2027-04-01");
        assertError(text, "jobs[2]", "{id: b, kind: training, memoryGb: 100}", "states no work form", "one of:");
        assertError(text, "jobs[2].id", "{id: ^b, kind: training, memoryGb: 100}", "duplicate job id \"b\"", "a unique id");
    }

    @Test
    void fieldErrorsAndValueErrorsOfOneFileAtOnceInFileOrder() {
        String text = """
                name: t
                horizon: {start: 2027-01-01, end: 2027-04-01}
                budget: {total: lots}
                offers:
                  - {id: od, provider: aws, region: us-east-1, jurisdiction: US, accelerator: A100-80G, purchase: on-demand, price: cheap}
                  - {id: ok, provider: aws, region: us-east-1, jurisdiction: XX, accelerator: A100-80G, purchase: on-demand, price: 4}
                jobs:
                  - {id: j, kind: training, memoryGb: 100, flops: 1e20, prority: 5}
                  - {id: k, kind: training, memoryGb: 100, flops: 1e20, gpus: {min: 8, max: 4}}
                """;
        List<InputError> errors = errors(text);
        assertEquals(5, errors.size(), ReaderAssertions.format(errors));
        assertError(text, "budget.total", "lots", "expected a number", "a number");
        assertError(text, "offers[0].price", "cheap", "expected a number", "a number");
        assertError(text, "offers[1].jurisdiction", "XX", "unknown jurisdiction", "ISO 3166");
        assertError(text, "jobs[0].prority", "prority", "(did you mean \"priority\"?)", "one of:");
        assertError(text, "jobs[1].gpus", "{min: 8", "min 8 > max 4", "min <= max");
        List<Integer> lines = errors.stream().map(e -> e.location().line()).toList();
        assertEquals(lines.stream().sorted().toList(), lines, "errors in file order");
    }

    @Test
    void exceptionMessageHasOneLinePerError() {
        String text = """
                name: t
                horizon: {start: 2027-01-01, end: 2027-04-01}
                offers:
                  - {id: od, provider: aws, region: us-east-1, jurisdiction: US, accelerator: A100-80G, purchase: on-demand, price: 0}
                jobs:
                  - {id: j, kind: training, memoryGb: 100, flops: 1e20, gpus: {min: 8, max: 4}}
                """;
        InputErrors e = assertThrows(InputErrors.class,
                () -> ProblemReader.parse("test.yaml", text, new ArrayList<>()));
        List<String> lines = e.getMessage().lines().toList();
        assertEquals(2, lines.size(), e.getMessage());
        assertTrue(lines.get(0).startsWith("test.yaml:4:"), lines.get(0));
        assertTrue(lines.get(1).startsWith("test.yaml:6:"), lines.get(1));
    }

    private static InputError syntaxError(String text) {
        List<InputError> errors = errors(text);
        assertEquals(1, errors.size(), ReaderAssertions.format(errors));
        InputError e = errors.get(0);
        assertTrue(e.location().isKnown(), e.format());
        assertTrue(e.what().startsWith("not valid YAML"), e.format());
        assertTrue(e.format().contains(" — "), e.format());
        return e;
    }

    @Test
    void yamlSyntaxErrorHasALocation() {
        String text = """
                name: t
                horizon: {start: 2027-01-01, end: 2027-04-01
                offers:
                  - id: od
                """;
        InputError e = syntaxError(text);
        // the flow mapping opened on line 2 is still open when "offers:" comes
        assertEquals(at(text, "offers^:"), e.location());
        assertTrue(e.what().contains("expected ',' or '}'"), e.format());
        assertTrue(e.what().contains("line 2, column 10"), e.format());
        assertTrue(e.format().startsWith("test.yaml:3:7: not valid YAML"), e.format());
    }

    @Test
    void badIndentationIsLocatedOnItsLine() {
        String text = """
                name: t
                horizon:
                  start: 2027-01-01
                   end: 2027-04-01
                """;
        InputError e = syntaxError(text);
        assertEquals(4, e.location().line(), e.format());
    }

    @Test
    void tabIndentationIsLocatedOnTheLineWithTheTab() {
        String text = "name: t\nhorizon:\n\tstart: 2027-01-01\n";
        InputError e = syntaxError(text);
        assertEquals(new Location(3, 1), e.location(), e.format());
        assertTrue(e.what().contains("TAB"), e.format());
    }

    @Test
    void unclosedQuoteSaysWhereItOpened() {
        String text = "name: 'quarter plan\nhorizon: {start: 2027-01-01, end: 2027-04-01}\n";
        InputError e = syntaxError(text);
        assertTrue(e.what().contains("quoted scalar (line 1, column 7)"), e.format());
    }
}
