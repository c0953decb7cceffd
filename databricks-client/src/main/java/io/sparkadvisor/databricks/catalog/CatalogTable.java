package io.sparkadvisor.databricks.catalog;

import com.databricks.sdk.service.catalog.TableInfo;
import java.util.List;
import java.util.Objects;

/**
 * A table as Unity Catalog knows it ({@code tables/get}): its name in three parts, as the catalog spells them, and
 * what it is. The advisor's statements name a table only through these parts, never through a log's text.
 *
 * @param tableType MANAGED, EXTERNAL, VIEW, ... ("" when not given)
 * @param format DELTA, PARQUET, ... ("" when not given)
 * @param storageLocation where its files are ("" for a view or when not given)
 */
public record CatalogTable(String catalog, String schema, String name, String tableType, String format, String storageLocation) {
    public static CatalogTable of(TableInfo t) {
        return new CatalogTable(t.getCatalogName(), t.getSchemaName(), t.getName(), text(t.getTableType()), text(t.getDataSourceFormat()),
                Objects.toString(t.getStorageLocation(), ""));
    }

    /** {@code catalog.schema.name}, as Unity Catalog's API names a table. */
    public String fullName() {
        return String.join(".", parts());
    }

    public List<String> parts() {
        return List.of(catalog, schema, name);
    }

    private static String text(Object value) {
        return value == null ? "" : value.toString();
    }
}
