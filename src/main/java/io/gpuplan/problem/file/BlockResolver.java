package io.gpuplan.problem.file;

import io.gpuplan.problem.PurchaseModel;
import java.util.List;
import java.util.TreeSet;

/**
 * Checks a capacity block offer's terms (R30): the block lengths one may buy, in whole days. Refuses them on other
 * purchase models, and refuses on a block offer what blocks do not have (the catalog has no block prices).
 */
final class BlockResolver {
    /** AWS sells Capacity Blocks for ML of up to 182 days; a year is well beyond any quarter's plan. */
    static final int MAX_BLOCK_DAYS = 366;
    private static final String EXAMPLE = "a list of whole days such as [1, 2, 3, 4, 5, 6, 7, 14, 21, 28]";

    private final ProblemResolver.Checks c;

    BlockResolver(ProblemResolver.Checks c) {
        this.c = c;
    }

    /**
     * The allowed lengths of a block offer, ascending without repeats; empty for other purchase models; null when
     * they are wrong (reported).
     */
    List<Integer> resolve(OfferFile f, String p) {
        if (f.purchase() != PurchaseModel.BLOCK) {
            if (f.blockDays() != null) {
                c.error(p + ".blockDays", "only capacity block offers have block lengths",
                        "remove it, or make the offer purchase: block");
            }
            return List.of();
        }
        // Termination, interruptions and commitments are already refused on every offer that is not spot or reserved.
        boolean ok = c.require(f.from() == null, p + ".from", "the catalog has no capacity block prices",
                "remove from: catalog and state price (the block's rate per GPU-hour) and blockDays");
        if (f.blockDays() == null) {
            return null; // @Required(when = "purchase=block"): the binder has reported it
        }
        ok &= c.require(!f.blockDays().isEmpty(), p + ".blockDays", "is empty", EXAMPLE);
        TreeSet<Integer> days = new TreeSet<>();
        for (int i = 0; i < f.blockDays().size(); i++) {
            Integer d = f.blockDays().get(i);
            String at = p + ".blockDays[" + i + "]";
            if (d == null) {
                ok = c.require(false, at, "is empty", "a whole number of days from 1 to " + MAX_BLOCK_DAYS);
            } else if (c.require(d >= 1 && d <= MAX_BLOCK_DAYS, at, "is " + d + ", out of range",
                    "a whole number of days from 1 to " + MAX_BLOCK_DAYS)) {
                days.add(d);
            } else {
                ok = false;
            }
        }
        return ok ? List.copyOf(days) : null;
    }
}
