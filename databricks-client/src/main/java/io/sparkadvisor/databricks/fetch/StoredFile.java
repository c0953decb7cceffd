package io.sparkadvisor.databricks.fetch;

/**
 * An entry of a DBFS or volume listing.
 *
 * @param path full path as the storage API spells it, e.g. {@code dbfs:/cluster-logs/0101-abc/eventlog}
 * @param size bytes, 0 for folders
 */
public record StoredFile(String path, boolean directory, long size) {
    public String name() {
        String trimmed = path.endsWith("/") ? path.substring(0, path.length() - 1) : path;
        return trimmed.substring(trimmed.lastIndexOf('/') + 1);
    }
}
