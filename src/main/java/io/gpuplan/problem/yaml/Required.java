package io.gpuplan.problem.yaml;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Marks a record component that a YAML mapping must contain; the JSON Schema generator reads the same annotation.
 * {@code unless}: not required when the mapping has any of those fields, or a field of that value written
 * {@code name=value} (an offer {@code from: catalog} takes its price from the catalog, a {@code purchase: owned} one
 * derives it, R28); {@code when}: required only when the mapping has that field, or that field of that value
 * ({@code purchase=block} needs {@code blockDays}, R30).
 */
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.RECORD_COMPONENT, ElementType.PARAMETER, ElementType.FIELD, ElementType.METHOD})
public @interface Required {
    String[] unless() default {};

    String when() default "";
}
