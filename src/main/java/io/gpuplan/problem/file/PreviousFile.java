package io.gpuplan.problem.file;

import io.gpuplan.problem.yaml.Doc;

/** R31: where last quarter's plan is and what moving one of its running jobs costs. */
public record PreviousFile(
        @Doc("R31: the previous plan file (written by gpuplan solve), relative to this problem file;"
                + " solve --previous PLAN overrides it") String plan,
        @Doc("R31.2: cost of moving a job still running from the previous plan to another option, in the base"
                + " currency; default 1000 (a day of an engineer plus a restart)") Double churnCostPerMove) {
}
