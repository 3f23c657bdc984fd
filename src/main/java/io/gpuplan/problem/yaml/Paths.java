package io.gpuplan.problem.yaml;

/** Field paths as users read them: {@code offers[2].price}. */
public final class Paths {
    private Paths() {
    }

    public static String child(String parent, String key) {
        return parent.isEmpty() ? key : parent + "." + key;
    }

    public static String index(String parent, int i) {
        return parent + "[" + i + "]";
    }
}
