package io.gpuplan.sweep;

import java.io.Serializable;

/**
 * R31 in a sweep: the previous plan the swept problem continues, as text (a Spark executor has no access to the file).
 *
 * @param name the plan's file name (what the scenario plans record and error messages call it)
 * @param path where the problem's {@code previous.plan} points, as the command read it (for errors located in it)
 */
public record PreviousText(String name, String path, String text) implements Serializable {
}
