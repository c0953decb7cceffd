package io.sparkadvisor.databricks.access;

import com.databricks.sdk.service.iam.ComplexValue;
import com.databricks.sdk.service.iam.User;
import java.util.Collection;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * A workspace user as SCIM knows them: {@code userName} (their email) and the groups they are in.
 * Every user is in the workspace's {@code users} group, which SCIM does not list; workspace admins
 * are the {@code admins} group.
 */
public record Principal(String id, String userName, String displayName, Set<String> groups) {
    public static final String ADMINS = "admins";
    public static final String USERS = "users";

    public Principal {
        Objects.requireNonNull(userName, "userName");
        displayName = displayName == null || displayName.isBlank() ? userName : displayName;
        groups = Set.copyOf(groups);
    }

    public static Principal of(User user) {
        Set<String> groups = Optional.ofNullable(user.getGroups()).stream().flatMap(Collection::stream)
                .map(ComplexValue::getDisplay).filter(Objects::nonNull).collect(Collectors.toSet());
        return new Principal(user.getId(), user.getUserName(), user.getDisplayName(), groups);
    }

    public boolean isAdmin() {
        return groups.contains(ADMINS);
    }

    public boolean inGroup(String group) {
        return USERS.equals(group) || groups.contains(group);
    }
}
