package io.gpuplan.problem.file;

import io.gpuplan.problem.yaml.Doc;

/** What applies to every reserved offer that does not say otherwise. */
public record ReservationsFile(@Doc("R29: fraction 0..1 of each reserved pool expected in use after the horizon;"
        + " an offer's own value wins; default: the pool's utilization within the horizon") Double expectedUseAfterHorizon) {
}
