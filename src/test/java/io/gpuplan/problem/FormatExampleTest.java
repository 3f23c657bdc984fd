package io.gpuplan.problem;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import io.gpuplan.Solving;
import io.gpuplan.problem.ProblemReader.Loaded;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** The example of PROBLEM-FORMAT.md reads, with the defaults of MODEL.md applied and prices converted (R5). */
class FormatExampleTest {
    private static final double EPS = 1e-12;
    private static final List<String> WARNINGS = new ArrayList<>();
    private static final Problem P = ReaderAssertions.parse(resource("format-example.yaml"), WARNINGS);

    private static String resource(String name) {
        try (InputStream in = FormatExampleTest.class.getResourceAsStream(name)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static Offer offer(String id) {
        return P.offer(id).orElseThrow();
    }

    private static Job job(String id) {
        return P.job(id).orElseThrow();
    }

    @Test
    void readsWithoutWarnings() {
        assertEquals("2027-Q1 capacity plan", P.name());
        assertEquals(List.of(), WARNINGS);
        assertEquals(5, P.offers().size());
        assertEquals(4, P.jobs().size());
    }

    @Test
    void r1_horizonIsNinetyDailySlots() {
        Horizon h = P.horizon();
        assertEquals(LocalDate.of(2027, 1, 1), h.start());
        assertEquals(LocalDate.of(2027, 4, 1), h.end());
        assertEquals(31 + 28 + 31, h.slots()); // January to March 2027
        assertEquals(24, h.slotHours());
    }

    @Test
    void topLevelValuesAsWritten() {
        assertEquals("USD", P.currency());
        assertEquals(Map.of("CNY", 7.0), P.exchangeRates());
        assertEquals(0.85, P.memoryHeadroom());
        assertEquals(1_800_000.0, P.budget().total());
        assertEquals(Map.of("aws", 900_000.0), P.budget().byProvider());
        assertEquals(0.02, P.transfer().crossRegionPerGb());
        assertEquals(0.09, P.transfer().crossProviderPerGb());
    }

    @Test
    void r5_pricesInCnyConvertToTheBaseCurrency() {
        Offer ali = offer("ali-sh-a100-od");
        assertEquals("CNY", ali.currency());
        assertEquals(18.5, ali.price());                    // as written
        assertEquals(18.5 / 7.0, ali.priceInBase(), EPS);   // 2.642857... USD per GPU-hour
        assertEquals(14.0 / 7.0, offer("hw-gy-910b-od").priceInBase(), EPS);
        Offer aws = offer("aws-use1-a100-od");
        assertEquals("USD", aws.currency());                // default: the base currency
        assertEquals(4.10, aws.priceInBase(), EPS);
    }

    @Test
    void offersWithTheirDefaults() {
        Offer od = offer("aws-use1-a100-od");
        assertEquals(PurchaseModel.ON_DEMAND, od.purchase());
        assertEquals(8, od.gpusPerInstance());
        assertEquals(256, od.maxGpus());
        assertEquals(0.9, od.crossNodeEfficiency());
        Offer spot = offer("aws-use1-a100-spot");
        assertEquals(0.3, spot.interruptionsPerDay());
        assertEquals(0.9, spot.crossNodeEfficiency()); // default
        assertEquals(12, offer("aws-use1-a100-ri").termMonths());
    }

    @Test
    void r3_acceleratorDefinedInTheProblem() {
        Accelerator ascend = offer("hw-gy-910b-od").accelerator();
        assertEquals("huawei", ascend.vendor());
        assertEquals(Stack.CANN, ascend.stack());
        assertEquals(64, ascend.memoryGb());
        assertEquals(320, ascend.fp16Tflops());
        assertEquals(80, offer("aws-use1-a100-od").accelerator().memoryGb()); // built-in
    }

    @Test
    void trainingJobAsWritten() {
        Job j = job("llm-13b-pretrain");
        assertEquals(JobKind.TRAINING, j.kind());
        assertEquals(6 * 13e9 * 3e11, assertInstanceOf(Work.Flops.class, j.work()).flops(), 1e6); // R9: 6 N D
        assertEquals(new GpuRange(64, 512), j.gpus());
        assertEquals(LocalDate.of(2027, 1, 4), j.earliest());
        assertEquals(LocalDate.of(2027, 3, 15), j.deadline());
        assertTrue(j.interruptible());
        assertEquals(2.0, j.checkpointHours());
        assertEquals(Set.of("US", "DE", "FR", "IE", "NL", "SE", "FI"), j.residency()); // EU expanded (R12)
        assertEquals(new Dataset(40000, "aws", "us-east-1"), j.dataset());
        assertEquals(100, j.priority());
        assertEquals(Precision.BF16, j.precision());
    }

    @Test
    void jobDefaultsFromModelMd() {
        Job j = job("risk-model-retrain");
        assertEquals(LocalDate.of(2027, 1, 1), j.earliest()); // earliest: the horizon start
        assertFalse(j.interruptible());                       // interruptible false
        assertEquals(1.0, j.checkpointHours());               // checkpointHours 1
        assertEquals(0.5, j.restartHours());                  // restartHours 0.5
        assertEquals(0.95, j.deadlineConfidence());           // deadlineConfidence 0.95
        assertEquals(0.40, j.utilization());                  // utilization 0.40
        assertEquals(Stack.CUDA, j.stack());
        assertEquals(Set.of(), j.vendors());

        Job sweep = job("resnet50-sweep");
        assertEquals(1, sweep.priority());                    // priority 1
        assertEquals(LocalDate.of(2027, 3, 31), sweep.deadline());

        Job serving = job("chat-70b-serving");
        assertEquals(P.horizon().end(), serving.deadline());  // deadline: the horizon end
        assertEquals(new GpuRange(1, 1), serving.gpus());     // gpus min 1, max = min
        assertEquals(Stack.CUDA, serving.stack());            // stack cuda
    }

    @Test
    void r16_migrationAsWritten() {
        Job j = job("risk-model-retrain");
        assertEquals(new Migration(Stack.CANN, 30000, 2, 0.85), j.migration());
        Work.ReferenceHours ref = assertInstanceOf(Work.ReferenceHours.class, j.work());
        assertEquals(6000, ref.gpuHours());
        assertEquals("A100-80G", ref.reference().name());
        assertEquals(300.0, j.memoryGb());
        assertEquals(Set.of("CN"), j.residency());
    }

    @Test
    void r9c_throughputByCanonicalAcceleratorName() {
        Job j = job("resnet50-sweep");
        Work.Throughput t = assertInstanceOf(Work.Throughput.class, j.work());
        assertEquals(1.15e9, t.units());
        assertEquals(Map.of("A100-80G", 475.0, "H100-80G", 1050.0), t.unitsPerSecondPerGpu());
        assertNull(j.memoryGb());                             // measured throughput needs no memory (MODEL.md)
        assertNull(j.paramsB());
    }

    @Test
    void theExampleSolvesWithTheSweepPlannedOnAMeasuredAccelerator() {
        Loaded loaded = new Loaded(Path.of("format-example.yaml"), "test", P, List.of());
        Solving.Solved solved = Solving.solve(loaded, Solving.TEST_MOVES);
        assertTrue(solved.plan().feasible(), "the spec's example has a feasible plan");
        var sweep = solved.plan().assignments().stream().filter(a -> a.job().equals("resnet50-sweep")).findFirst().orElseThrow();
        assertEquals("planned", sweep.status(), sweep.reason());
        assertEquals("A100-80G", sweep.accelerator()); // the only measured accelerator among the offers
    }

    @Test
    void servingJobHoldsItsWindow() {
        Job j = job("chat-70b-serving");
        assertTrue(j.isServing());
        assertEquals(new Work.Serving(6, 1), j.work());
        assertEquals(Precision.INT4, j.precision());
        assertEquals(70.0, j.paramsB());
        assertEquals(LocalDate.of(2027, 1, 1), j.windowStart());
        assertEquals(LocalDate.of(2027, 4, 1), j.windowEnd());
        assertFalse(j.interruptible());
    }
}
