package io.gpuplan.problem;

import static io.gpuplan.problem.ReaderAssertions.assertOnlyError;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.LocalDate;
import org.junit.jupiter.api.Test;

/** R1/R2 dates: deadline after earliest and within the horizon, earliest inside it, the horizon itself. */
class DateTest {

    private static String job(String dates) {
        return """
                name: t
                horizon: {start: 2027-01-01, end: 2027-04-01}
                offers:
                  - {id: od, provider: aws, region: us-east-1, jurisdiction: US, accelerator: A100-80G, purchase: on-demand, price: 4.10}
                jobs:
                  - id: j
                    kind: training
                    memoryGb: 100
                    flops: 1e20
                """ + dates;
    }

    @Test
    void deadlineBeforeEarliest() {
        String text = job("    earliest: 2027-02-10\n    deadline: 2027-02-01\n");
        assertOnlyError(text, "jobs[0].deadline", "2027-02-01\n", "is 2027-02-01, not after earliest 2027-02-10", "a date after 2027-02-10");
    }

    @Test
    void deadlineOnEarliestIsEmptyWindow() {
        String text = job("    earliest: 2027-02-10\n    deadline: 2027-02-10\n");
        assertOnlyError(text, "jobs[0].deadline", "deadline: ^2027-02-10", "not after earliest", "a date after 2027-02-10");
    }

    @Test
    void deadlineAfterTheHorizonEnd() {
        String text = job("    deadline: 2027-04-02\n");
        assertOnlyError(text, "jobs[0].deadline", "2027-04-02", "after the horizon end 2027-04-01", "a date up to 2027-04-01");
    }

    @Test
    void deadlineOnTheHorizonEndIsAllowed() {
        // exclusive, like the horizon: finished by 00:00 on 1 April
        Problem p = ReaderAssertions.parse(job("    deadline: 2027-04-01\n"));
        assertEquals(LocalDate.of(2027, 4, 1), p.jobs().get(0).deadline());
    }

    @Test
    void deadlineBeforeTheHorizonStart() {
        String text = job("    deadline: 2026-12-20\n");
        assertOnlyError(text, "jobs[0].deadline", "2026-12-20", "not after earliest 2027-01-01", "a date after 2027-01-01");
    }

    @Test
    void earliestBeforeTheHorizon() {
        String text = job("    earliest: 2026-12-01\n");
        assertOnlyError(text, "jobs[0].earliest", "2026-12-01", "outside the horizon", "a date from 2027-01-01 to before 2027-04-01");
    }

    @Test
    void earliestOnTheHorizonEnd() {
        String text = job("    earliest: 2027-04-01\n");
        assertOnlyError(text, "jobs[0].earliest", "2027-04-01\n", "outside the horizon", "to before 2027-04-01");
    }

    @Test
    void horizonEndNotAfterStart() {
        String text = job("").replace("{start: 2027-01-01, end: 2027-04-01}", "{start: 2027-04-01, end: 2027-01-01}");
        assertOnlyError(text, "horizon.end", "end: ^2027-01-01", "is not after horizon.start (2027-04-01)", "a date after 2027-04-01");
    }

    @Test
    void servingWindowBeyondTheHorizon() {
        String text = """
                name: t
                horizon: {start: 2027-01-01, end: 2027-04-01}
                offers:
                  - {id: od, provider: aws, region: us-east-1, jurisdiction: US, accelerator: A100-80G, purchase: on-demand, price: 4.10}
                jobs:
                  - id: chat
                    kind: inference
                    model: {paramsB: 70, precision: int4}
                    window: {start: 2027-01-01, end: 2027-05-01}
                """;
        assertOnlyError(text, "jobs[0].window.end", "2027-05-01", "is after the horizon end 2027-04-01", "a date up to 2027-04-01");
    }

    @Test
    void servingWindowInsideTheDroppedPartialWeek() {
        // Weekly slots from 2027-01-01: 12 whole weeks end 2027-03-26; the days up to 2027-04-01 are dropped (R1).
        String text = """
                name: t
                horizon: {start: 2027-01-01, end: 2027-04-01, slot: 1w}
                offers:
                  - {id: od, provider: aws, region: us-east-1, jurisdiction: US, accelerator: A100-80G, purchase: on-demand, price: 4.10}
                jobs:
                  - id: chat
                    kind: inference
                    model: {paramsB: 70, precision: int4}
                    window: {start: 2027-03-27, end: 2027-04-01}
                """;
        assertOnlyError(text, "jobs[0].window.start", "2027-03-27", "is 2027-03-27, outside the horizon (its last whole 1w slot ends 2027-03-26)",
                "a date from 2027-01-01 to before 2027-03-26");
    }
}
