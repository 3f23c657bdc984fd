package io.gpuplan.output.report;

import io.gpuplan.output.PlanDocument;
import io.gpuplan.output.PlanDocument.Reservation;
import io.gpuplan.problem.Horizon;
import java.math.BigDecimal;
import java.time.YearMonth;
import java.util.ArrayList;
import java.util.List;

/** GPUs in use on each reserved (and owned, R28) offer over the horizon against the level bought, with monthly averages. */
final class UtilisationSection {
    private UtilisationSection() {
    }

    static Section build(ReportInput in) {
        var s = Section.builder("utilisation", "Reserved utilisation");
        List<Reservation> rs = in.reservations();
        if (rs.isEmpty()) {
            s.paragraph("No reservation, so nothing to utilise.");
        } else {
            s.paragraph("A reservation is paid for every hour of the horizon whether used or not (R18); the shaded"
                    + " area is the GPUs its jobs occupy per slot, the dashed line the GPUs bought.");
            rs.forEach(r -> s.chart(UtilisationChart.svg(in, r)));
        }
        List<YearMonth> months = in.months();
        var t = Table.builder("Reserved GPUs in use, average per month", "utilisation").text("offer")
                .num("GPUs reserved", "peak in use", "utilization");
        months.forEach(m -> t.num(m.toString()));
        t.empty("No reservations.");
        for (Reservation r : rs) {
            List<String> cells = new ArrayList<>(List.of(r.offer(), Integer.toString(r.gpus()),
                    Integer.toString(r.peakGpus()), Fmt.fraction(r.utilization())));
            int[] usage = in.usage(r.offer());
            for (YearMonth m : months) {
                cells.add(monthly(in.horizon(), usage, m, r.gpus()));
            }
            t.row(Table.data("offer", r.offer()), cells.toArray(String[]::new));
        }
        s.table(t.build());
        if (!rs.isEmpty()) {
            s.note("Monthly cells: average GPUs in use over the slots that start in that month, and that as a share of"
                    + " the GPUs reserved.");
        }
        if (in.plan().owned() != null) {
            owned(in, s, months);
        }
        return s.build();
    }

    /** R28: owned cards carry depreciation and operations for every hour, used or not, as a reservation does. */
    private static void owned(ReportInput in, Section.Builder s, List<YearMonth> months) {
        var t = Table.builder("Owned GPUs in use, average per month", "owned-utilisation").text("offer")
                .num("GPUs bought", "peak in use", "utilization");
        months.forEach(m -> t.num(m.toString()));
        t.empty("No owned cards bought.");
        for (PlanDocument.Owned o : in.plan().owned()) {
            if (o.gpus() == 0) {
                continue;
            }
            List<String> cells = new ArrayList<>(List.of(o.offer(), Integer.toString(o.gpus()),
                    Integer.toString(o.peakGpus()), Fmt.fraction(o.utilization())));
            int[] usage = in.usage(o.offer());
            for (YearMonth m : months) {
                cells.add(monthly(in.horizon(), usage, m, o.gpus()));
            }
            t.row(Table.data("offer", o.offer()), cells.toArray(String[]::new));
        }
        s.table(t.build());
        s.note("Owned cards (R28) are charged depreciation and operations for every hour of the horizon, used or not;"
                + " idle cards cost that without power. Cells as above, as a share of the GPUs bought.");
    }

    private static String monthly(Horizon h, int[] usage, YearMonth m, int reserved) {
        long sum = 0;
        int n = 0;
        for (int s = 0; s < usage.length; s++) {
            if (YearMonth.from(h.slotStart(s)).equals(m)) {
                sum += usage[s];
                n++;
            }
        }
        if (n == 0) {
            return "—";
        }
        BigDecimal avg = BigDecimal.valueOf(sum).divide(BigDecimal.valueOf(n), 2, java.math.RoundingMode.HALF_UP);
        return Fmt.measure(avg) + (reserved > 0 ? " (" + Fmt.fraction(avg.divide(BigDecimal.valueOf(reserved), 4,
                java.math.RoundingMode.HALF_UP)) + ")" : "");
    }
}
