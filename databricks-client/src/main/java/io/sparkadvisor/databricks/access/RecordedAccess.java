package io.sparkadvisor.databricks.access;

import com.databricks.sdk.service.catalog.EffectivePermissionsList;
import com.databricks.sdk.service.catalog.EffectivePrivilege;
import com.databricks.sdk.service.catalog.EffectivePrivilegeAssignment;
import com.databricks.sdk.service.catalog.GetPermissionsResponse;
import com.databricks.sdk.service.catalog.PrivilegeAssignment;
import com.databricks.sdk.service.catalog.SecurableType;
import com.databricks.sdk.service.iam.User;
import com.databricks.sdk.service.jobs.JobAccessControlResponse;
import com.databricks.sdk.service.jobs.JobPermission;
import com.databricks.sdk.service.jobs.JobPermissionLevel;
import com.databricks.sdk.service.jobs.JobPermissions;
import io.sparkadvisor.databricks.SdkJson;
import io.sparkadvisor.databricks.WorkspaceException;
import io.sparkadvisor.databricks.workspace.FolderPaths;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Stream;

/**
 * People and permissions recorded in a workspace folder (databricks-client/WORKSPACE-DIR.md), worked
 * out as the workspace would: {@code users/<userName>.json} (SCIM users with their groups),
 * {@code permissions/jobs/<job_id>.json} (a job's access control list; without one only its creator
 * and the admins have it), {@code tables/<full_name>.json} (the tables that exist) and
 * {@code grants/<catalog | catalog.schema | catalog.schema.table>.json} (direct Unity Catalog grants,
 * inherited downwards). Read by the file-backed workspace and served by the test emulator.
 */
public final class RecordedAccess {
    /** Unity Catalog's group of every account user: a grant to it applies to everyone. */
    private static final String ACCOUNT_USERS = "account users";

    private final Path root;

    public RecordedAccess(Path root) {
        this.root = root.toAbsolutePath().normalize();
    }

    public List<User> users() {
        return all("users").map(f -> read(f, User.class)).toList();
    }

    /** SCIM user names compare without case, as the service compares them. */
    public Optional<User> user(String userName) {
        return users().stream().filter(u -> userName.equalsIgnoreCase(u.getUserName())).findFirst();
    }

    /** Empty when job {@code jobId} is not recorded. */
    public Optional<JobPermissions> jobPermissions(long jobId) {
        Path job = inside("jobs/" + jobId + ".json");
        if (!Files.isRegularFile(job)) {
            return Optional.empty();
        }
        Path acl = inside("permissions/jobs/" + jobId + ".json");
        return Optional.of(Files.isRegularFile(acl) ? read(acl, JobPermissions.class) : unshared(jobId, job));
    }

    /** A job nobody shared: its creator owns it, and the admins manage it as they manage every job. */
    private static JobPermissions unshared(long jobId, Path job) {
        List<JobAccessControlResponse> acl = new ArrayList<>();
        Optional.ofNullable(SdkJson.object(text(job), job.toString()).path("creator_user_name").asText(null))
                .ifPresent(creator -> acl.add(new JobAccessControlResponse().setUserName(creator)
                        .setAllPermissions(List.of(new JobPermission().setPermissionLevel(JobPermissionLevel.IS_OWNER).setInherited(false)))));
        acl.add(new JobAccessControlResponse().setGroupName(Principal.ADMINS).setAllPermissions(List.of(new JobPermission()
                .setPermissionLevel(JobPermissionLevel.CAN_MANAGE).setInherited(true).setInheritedFromObject(List.of("/jobs/")))));
        return new JobPermissions().setObjectId("/jobs/" + jobId).setObjectType("job").setAccessControlList(acl);
    }

    /**
     * What {@code principal} (a user name or a group) may do on the table, from grants on the table,
     * its schema and its catalog to it or its groups; empty when the table is not recorded.
     */
    public Optional<EffectivePermissionsList> effective(String fullName, String principal) {
        String table = fullName.toLowerCase(Locale.ROOT);
        String[] parts = table.split("\\.");
        if (parts.length != 3 || !Files.isRegularFile(inside("tables/" + table + ".json"))) {
            return Optional.empty();
        }
        Set<String> grantees = grantees(principal);
        List<EffectivePrivilege> privileges = new ArrayList<>();
        List<Securable> securables = List.of(new Securable(SecurableType.TABLE, table),
                new Securable(SecurableType.SCHEMA, parts[0] + "." + parts[1]), new Securable(SecurableType.CATALOG, parts[0]));
        for (Securable s : securables) {
            grants(s.name()).filter(a -> grantees.contains(a.getPrincipal().toLowerCase(Locale.ROOT)))
                    .flatMap(a -> Optional.ofNullable(a.getPrivileges()).stream().flatMap(Collection::stream))
                    .map(p -> s.type() == SecurableType.TABLE ? new EffectivePrivilege().setPrivilege(p)
                            : new EffectivePrivilege().setPrivilege(p).setInheritedFromType(s.type()).setInheritedFromName(s.name()))
                    .forEach(privileges::add);
        }
        List<EffectivePrivilegeAssignment> assignments = privileges.isEmpty() ? List.of()
                : List.of(new EffectivePrivilegeAssignment().setPrincipal(principal).setPrivileges(privileges));
        return Optional.of(new EffectivePermissionsList().setPrivilegeAssignments(assignments));
    }

    private record Securable(SecurableType type, String name) {
    }

    /** The principal itself, its groups when it is a recorded user, and every account user. */
    private Set<String> grantees(String principal) {
        Stream<String> groups = user(principal).map(Principal::of).stream().flatMap(p -> p.groups().stream());
        return Stream.concat(Stream.of(principal, ACCOUNT_USERS), groups).map(n -> n.toLowerCase(Locale.ROOT))
                .collect(java.util.stream.Collectors.toSet());
    }

    private Stream<PrivilegeAssignment> grants(String securable) {
        Path file = inside("grants/" + securable + ".json");
        return Files.isRegularFile(file)
                ? Optional.ofNullable(read(file, GetPermissionsResponse.class).getPrivilegeAssignments()).stream().flatMap(Collection::stream)
                        .filter(a -> a.getPrincipal() != null)
                : Stream.empty();
    }

    private Stream<Path> all(String folder) {
        Path dir = inside(folder);
        if (!Files.isDirectory(dir)) {
            return Stream.empty();
        }
        try (Stream<Path> files = Files.list(dir)) {
            return files.filter(f -> f.toString().endsWith(".json")).sorted().toList().stream();
        } catch (IOException e) {
            throw new WorkspaceException("Cannot list " + dir + ": " + e.getMessage(), e);
        }
    }

    private static <T> T read(Path file, Class<T> type) {
        return SdkJson.read(text(file), type);
    }

    private static String text(Path file) {
        try {
            return Files.readString(file);
        } catch (IOException e) {
            throw new WorkspaceException("Cannot read " + file + ": " + e.getMessage(), e);
        }
    }

    private Path inside(String relative) {
        return FolderPaths.inside(root, relative);
    }
}
