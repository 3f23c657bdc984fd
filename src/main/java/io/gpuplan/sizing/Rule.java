package io.gpuplan.sizing;

/** The rules of MODEL.md that a plan or an option can break, with the words reports use for them. */
public enum Rule {
    R2("time window", "a job runs between its earliest start (plus migration lead time) and its deadline"),
    R6("instance billing", "GPUs are billed by whole instances"),
    R8("memory fit", "the model fits in the GPUs' memory"),
    R9("work", "the job's work can be sized on this accelerator"),
    R10("spot interruptions", "spot interruptions leave the job able to finish"),
    R12("residency", "the offer's jurisdiction is one the job's data may be in"),
    R13("hardware vendor", "the accelerator's vendor is one the job allows"),
    R14("interruption", "a job that may not be interrupted does not use spot"),
    R15("software stack", "the accelerator runs the job's stack, or the job has a migration to it"),
    R18("reservation", "reserved GPUs are bought in whole instances up to the offer's maximum"),
    R21("capacity", "the GPUs used on an offer never exceed its capacity or reservation"),
    R22("budget", "plan cost stays within the total and per-provider budgets"),
    R23("unplanned", "every job is planned, highest priority first"),
    R27("max providers", "the plan uses at most maxProviders providers"),
    R28("owned GPUs", "owned GPUs are bought in whole instances up to the offer's maximum and run after their lead time"),
    R30("capacity block", "a job on a capacity block offer fits in one of its allowed block lengths");

    private final String title;
    private final String meaning;

    Rule(String title, String meaning) {
        this.title = title;
        this.meaning = meaning;
    }

    public String title() {
        return title;
    }

    public String meaning() {
        return meaning;
    }
}
