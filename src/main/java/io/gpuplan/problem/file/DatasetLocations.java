package io.gpuplan.problem.file;

import io.gpuplan.problem.yaml.DidYouMean;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/** Where a job's dataset may sit (read before the jobs are resolved, from the files as written). */
final class DatasetLocations {
    private DatasetLocations() {
    }

    /**
     * A dataset sits in a region that exists: one of an offer's, or one the bundled catalog lists for that provider
     * (data in aws/us-west-2 with GPUs in us-east-1 is real). Anything else is a typo (us-east-9) that would otherwise
     * be charged silently as a transfer to every offer. A provider with neither offers nor catalog rows is accepted
     * only when {@code transfer.byProvider} names it (data kept on premises, say).
     */
    static void check(List<JobFile> jobs, Map<String, Set<String>> offerRegions,
                                              Set<String> declared, ProblemResolver.Checks c) {
        io.gpuplan.catalog.Catalog catalog = io.gpuplan.catalog.Catalog.builtIn();
        Map<String, Set<String>> regions = new java.util.TreeMap<>();
        catalog.providers().forEach(p -> regions.put(p, new TreeSet<>(catalog.regions(p))));
        offerRegions.forEach((p, r) -> regions.computeIfAbsent(p, k -> new TreeSet<>()).addAll(r));
        for (int i = 0; i < jobs.size(); i++) {
            JobFile j = jobs.get(i);
            if (j == null || j.dataset() == null || j.dataset().location() == null) {
                continue;
            }
            String[] parts = j.dataset().location().split("/", -1);
            if (parts.length != 2 || parts[0].isBlank() || parts[1].isBlank()) {
                continue; // JobResolver reports the form
            }
            String provider = parts[0].trim();
            String region = parts[1].trim();
            String path = "jobs[" + i + "].dataset.location";
            if (!regions.containsKey(provider)) {
                if (!declared.contains(provider)) {
                    String guess = DidYouMean.suggest(provider, regions.keySet()).map(g -> " (did you mean \"" + g + "\"?)").orElse("");
                    c.error(path, "unknown provider \"" + provider + "\"" + guess, "a provider of an offer ("
                            + String.join(", ", offerRegions.keySet()) + ") or of the catalog, or one named under transfer.byProvider");
                }
            } else if (!regions.get(provider).contains(region) && !regions.get(provider).contains("*")) {
                String guess = DidYouMean.suggest(region, regions.get(provider)).map(g -> " (did you mean \"" + g + "\"?)").orElse("");
                Set<String> own = offerRegions.getOrDefault(provider, Set.of());
                c.error(path, "no offer of " + provider + " is in " + region + ", nor does the catalog know it" + guess,
                        "a region of " + provider + (own.isEmpty() ? "" : " such as " + String.join(", ", own))
                                + " (gpuplan catalog --provider " + provider + " lists those the catalog knows)");
            }
        }
    }
}
