package io.sparkadvisor.databricks.billing;

/** A named {@code :marker} of a statement; {@code type} is a SQL type name such as STRING, INT or DATE. */
public record SqlParameter(String name, String value, String type) {
}
