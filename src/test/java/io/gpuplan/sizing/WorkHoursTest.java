package io.gpuplan.sizing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gpuplan.problem.Accelerator;
import io.gpuplan.problem.AcceleratorTable;
import io.gpuplan.problem.Problem;
import io.gpuplan.problem.Work;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** R9: compute hours T for the three work forms, with eff(g) and the migration factor. */
class WorkHoursTest {
    private static final double REL = 1e-12;
    private static final Accelerator A100 = AcceleratorTable.builtIn().find("A100-80G").orElseThrow();   // 312 TFLOPS
    private static final Accelerator H100 = AcceleratorTable.builtIn().find("H100-80G").orElseThrow();   // 989.4 TFLOPS
    private static final Accelerator ASCEND = AcceleratorTable.builtIn().find("Ascend-910B").orElseThrow(); // 320

    private static void assertClose(double expected, double actual) {
        assertEquals(expected, actual, Math.abs(expected) * REL);
    }

    /** Issue 11 point 7: a job of one FLOP was planned with {@code slots: 0}, running nowhere in time. */
    @Test
    void r11_aTinyJobOccupiesAtLeastOneSlot() {
        Problem p = Fixtures.quarter(Fixtures.a100("od", 4.0), """
                  - {id: tiny, kind: training, memoryGb: 10, flops: 1}
                """);
        Option o = Fixtures.option(p, "tiny", "od", 1);
        assertTrue(o.computeHours() > 0 && o.computeHours() < 1e-9, "T = " + o.computeHours());
        assertEquals(1, o.durationSlots());
        assertTrue(o.latestStart() + o.durationSlots() <= p.horizon().slots());
    }

    @Test
    void r9a_sixNDFlopsOverGpusTflopsAndUtilization() {
        double flops = 6 * 7e9 * 1e12; // 7B params, 1T tokens: 4.2e22 FLOPs
        double t = WorkHours.hours(new Work.Flops(flops), 0.40, A100, 8, 1.0, 1.0);
        assertClose(flops / (8 * 312e12 * 0.40 * 1.0 * 1.0) / 3600, t); // about 11 685 h
    }

    @Test
    void r9a_tokensBecomeSixNDForTrainingAndTwoNDForInference() {
        Problem p = Fixtures.quarter(Fixtures.a100("od", 4.0), """
                  - {id: train, kind: training, model: {paramsB: 7}, tokens: 1e12}
                  - {id: ft, kind: fine-tuning, model: {paramsB: 7}, work: {tokens: 1e12}}
                  - {id: infer, kind: inference, model: {paramsB: 7}, tokens: 1e12}
                  - {id: batch, kind: batch, model: {paramsB: 7}, tokens: 1e12}
                """);
        assertClose(6 * 7e9 * 1e12, flops(p, "train"));
        assertClose(6 * 7e9 * 1e12, flops(p, "ft"));
        assertClose(2 * 7e9 * 1e12, flops(p, "infer"));
        assertClose(2 * 7e9 * 1e12, flops(p, "batch"));
    }

    private static double flops(Problem p, String job) {
        return assertInstanceOf(Work.Flops.class, Fixtures.job(p, job).work()).flops();
    }

    @Test
    void r9a_effIsOneOnOneInstanceAndCrossNodeEfficiencyAcrossInstances() {
        Problem p = Fixtures.quarter(Fixtures.a100("od", 4.0) + """
                  - {id: od-eff, provider: aws, region: us-east-1, jurisdiction: US, accelerator: A100-80G,
                     purchase: on-demand, price: 4.0, gpusPerInstance: 8, crossNodeEfficiency: 0.8}
                """, "  - {id: j, kind: training, memoryGb: 40, flops: 1e21, gpus: {min: 8, max: 16}}\n");
        double flops = 1e21;
        Option one = Fixtures.option(p, "j", "od", 8);        // 1 instance: eff = 1
        Option two = Fixtures.option(p, "j", "od", 16);       // 2 instances: default crossNodeEfficiency 0.9
        Option twoOwn = Fixtures.option(p, "j", "od-eff", 16); // the offer's own 0.8
        assertEquals(1.0, one.efficiency());
        assertEquals(0.9, two.efficiency());
        assertEquals(0.8, twoOwn.efficiency());
        assertClose(flops / (8 * 312e12 * 0.40 * 1.0) / 3600, one.computeHours());
        assertClose(flops / (16 * 312e12 * 0.40 * 0.9) / 3600, two.computeHours());
        assertClose(flops / (16 * 312e12 * 0.40 * 0.8) / 3600, twoOwn.computeHours());
    }

    @Test
    void r9a_jobUtilizationIsUsedAndDefaultsTo40Percent() {
        Problem p = Fixtures.quarter(Fixtures.a100("od", 4.0), """
                  - {id: dflt, kind: training, memoryGb: 40, flops: 1e21, gpus: 8}
                  - {id: own, kind: training, memoryGb: 40, flops: 1e21, gpus: 8, utilization: 0.5}
                """);
        assertClose(1e21 / (8 * 312e12 * 0.40) / 3600, Fixtures.option(p, "dflt", "od", 8).computeHours());
        assertClose(1e21 / (8 * 312e12 * 0.50) / 3600, Fixtures.option(p, "own", "od", 8).computeHours());
    }

    @Test
    void r9b_referenceGpuHoursScaleByTflopsRatio() {
        Work ref = new Work.ReferenceHours(6000, A100);
        // same accelerator: 6000 GPU-hours on 8 GPUs = 750 h
        assertClose(6000.0 / 8, WorkHours.hours(ref, 0.40, A100, 8, 1.0, 1.0));
        // H100: 6000 x 312 / 989.4 / 8
        assertClose(6000 * 312 / 989.4 / 8, WorkHours.hours(ref, 0.40, H100, 8, 1.0, 1.0));
        // Ascend after a migration (perf 0.85), 16 GPUs on two instances (eff 0.9)
        assertClose(6000 * 312 / 320.0 / (16 * 0.85 * 0.9), WorkHours.hours(ref, 0.40, ASCEND, 16, 0.85, 0.9));
    }

    @Test
    void r9b_utilizationDoesNotApplyToReferenceHours() {
        Work ref = new Work.ReferenceHours(6000, A100);
        assertEquals(WorkHours.hours(ref, 0.40, H100, 8, 1.0, 1.0), WorkHours.hours(ref, 0.9, H100, 8, 1.0, 1.0));
    }

    @Test
    void r9c_unitsOverMeasuredThroughput() {
        Work w = new Work.Throughput(1.15e9, Map.of("A100-80G", 475.0, "H100-80G", 1050.0));
        assertClose(1.15e9 / (8 * 475 * 1.0) / 3600, WorkHours.hours(w, 0.40, A100, 8, 1.0, 1.0));   // about 84.1 h
        assertClose(1.15e9 / (16 * 1050 * 0.9) / 3600, WorkHours.hours(w, 0.40, H100, 16, 1.0, 0.9));
    }

    @Test
    void r9c_throughputIsMeasuredSoNoMigrationFactor() {
        Work w = new Work.Throughput(1.15e9, Map.of("Ascend-910B", 400.0));
        assertEquals(WorkHours.hours(w, 0.40, ASCEND, 8, 1.0, 1.0), WorkHours.hours(w, 0.40, ASCEND, 8, 0.85, 1.0));
    }

    @Test
    void r9c_unlistedAcceleratorIsNotEligible() {
        Work w = new Work.Throughput(1.15e9, Map.of("A100-80G", 475.0));
        assertTrue(Double.isNaN(WorkHours.hours(w, 0.40, H100, 8, 1.0, 1.0)));

        Problem p = Fixtures.quarter(Fixtures.a100("a100", 4.0) + """
                  - {id: h100, provider: aws, region: us-east-1, jurisdiction: US, accelerator: H100-80G,
                     purchase: on-demand, price: 8.0, gpusPerInstance: 8}
                """, "  - {id: sweep, kind: batch, memoryGb: 20, gpus: 8, work: {units: 1.15e9, throughputPerGpu: {A100-80G: 475}}}\n");
        OptionSizer.Sizing s = OptionSizer.size(p, Fixtures.job(p, "sweep"), Fixtures.offer(p, "h100"), 8);
        assertFalse(s.eligible());
        assertTrue(s.breaches().stream().anyMatch(b -> b.rule() == Rule.R9), s.breaches().toString());
    }

    /** The articles' ResNet-50 figures: one A100, measured per cloud (3,800 / 3,650 / 3,500 images/s). */
    private static final String THREE_CLOUDS = """
              - {id: aws-a100, provider: aws, region: us-east-1, jurisdiction: US, accelerator: A100-80G,
                 purchase: on-demand, price: 4.0, gpusPerInstance: 8}
              - {id: ali-a100, provider: aliyun, region: cn-shanghai, jurisdiction: CN, accelerator: A100-80G,
                 purchase: on-demand, price: 3.0, gpusPerInstance: 8}
              - {id: tc-a100, provider: tencent, region: ap-guangzhou, jurisdiction: CN, accelerator: A100-80G,
                 purchase: on-demand, price: 3.5, gpusPerInstance: 8}
              - {id: tc-a100-b, provider: tencent, region: ap-shanghai, jurisdiction: CN, accelerator: A100-80G,
                 purchase: on-demand, price: 3.5, gpusPerInstance: 8}
            """;

    @Test
    void r9c_throughputMayBeKeyedByProviderForTheSameAccelerator() {
        Problem p = Fixtures.quarter(THREE_CLOUDS, "  - {id: r50, kind: batch, memoryGb: 20, gpus: 8,"
                + " work: {units: 1.15e9, throughputPerGpu: {aws: 3800, aliyun: 3650, tencent: 3500}}}\n");
        assertClose(1.15e9 / (8 * 3800.0) / 3600, Fixtures.option(p, "r50", "aws-a100", 8).computeHours());
        assertClose(1.15e9 / (8 * 3650.0) / 3600, Fixtures.option(p, "r50", "ali-a100", 8).computeHours());
        assertClose(1.15e9 / (8 * 3500.0) / 3600, Fixtures.option(p, "r50", "tc-a100", 8).computeHours());
    }

    @Test
    void r9c_theMostSpecificKeyWinsOfferIdThenProviderThenAccelerator() {
        Problem p = Fixtures.quarter(THREE_CLOUDS, "  - {id: r50, kind: batch, memoryGb: 20, gpus: 8, work: {units: 1.15e9,"
                + " throughputPerGpu: {A100-80G: 3000, tencent: 3500, tc-a100-b: 3400, aliyun: 3650}}}\n");
        assertClose(1.15e9 / (8 * 3000.0) / 3600, Fixtures.option(p, "r50", "aws-a100", 8).computeHours()); // accelerator
        assertClose(1.15e9 / (8 * 3650.0) / 3600, Fixtures.option(p, "r50", "ali-a100", 8).computeHours()); // provider
        assertClose(1.15e9 / (8 * 3500.0) / 3600, Fixtures.option(p, "r50", "tc-a100", 8).computeHours());  // provider
        assertClose(1.15e9 / (8 * 3400.0) / 3600, Fixtures.option(p, "r50", "tc-a100-b", 8).computeHours()); // offer id
    }

    @Test
    void r9c_anOfferNoKeyNamesIsNotEligibleAndTheReasonSaysWhatWasLookedFor() {
        Problem p = Fixtures.quarter(THREE_CLOUDS, "  - {id: r50, kind: batch, memoryGb: 20, gpus: 8,"
                + " work: {units: 1.15e9, throughputPerGpu: {aws: 3800}}}\n");
        OptionSizer.Sizing s = OptionSizer.size(p, Fixtures.job(p, "r50"), Fixtures.offer(p, "ali-a100"), 8);
        assertFalse(s.eligible());
        assertTrue(s.breaches().stream().anyMatch(b -> b.rule() == Rule.R9 && b.reason().contains("ali-a100")
                && b.reason().contains("aliyun") && b.reason().contains("A100-80G")), s.breaches().toString());
    }

    @Test
    void llama3_70B_on_1024_A100s_atFullUtilizationTakesAbout228DaysNot21() {
        // 6 x 70e9 params x 15e12 tokens = 6.3e24 FLOPs; 1024 x 312e12 FLOP/s = 3.19488e17 FLOP/s
        double days = WorkHours.trainingDays(70, 15e12, 1024, 312, 1.0);
        double byHand = 6 * 70e9 * 15e12 / (1024 * 312e12 * 1.0) / 86_400;
        assertClose(byHand, days);
        assertEquals(228.2, days, 0.1);
        assertTrue(days / 21 > 10, "the articles' 21 days is about 10x too short");
    }
}
