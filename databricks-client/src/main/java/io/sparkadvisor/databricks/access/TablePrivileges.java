package io.sparkadvisor.databricks.access;

import com.databricks.sdk.service.catalog.EffectivePermissionsList;
import com.databricks.sdk.service.catalog.EffectivePrivilege;
import java.util.Collection;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * What one principal may do on one Unity Catalog table, everything counted: grants on the table, its
 * schema and its catalog, to the principal or to its groups
 * ({@code GET /api/2.1/unity-catalog/effective-permissions/table/{full_name}?principal=}).
 */
public record TablePrivileges(String table, String principal, Set<String> privileges) {
    public static final String SELECT = "SELECT";
    private static final String ALL_PRIVILEGES = "ALL_PRIVILEGES";

    public TablePrivileges {
        privileges = Set.copyOf(privileges);
    }

    public static TablePrivileges of(String table, String principal, EffectivePermissionsList answer) {
        Set<String> privileges = Optional.ofNullable(answer.getPrivilegeAssignments()).stream().flatMap(Collection::stream)
                .filter(a -> principal.equalsIgnoreCase(a.getPrincipal()))
                .flatMap(a -> Optional.ofNullable(a.getPrivileges()).stream().flatMap(Collection::stream))
                .map(EffectivePrivilege::getPrivilege).filter(Objects::nonNull).map(Enum::name).collect(Collectors.toSet());
        return new TablePrivileges(table, principal, privileges);
    }

    public boolean canSelect() {
        return privileges.contains(SELECT) || privileges.contains(ALL_PRIVILEGES);
    }
}
