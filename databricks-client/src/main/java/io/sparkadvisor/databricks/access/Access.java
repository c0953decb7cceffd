package io.sparkadvisor.databricks.access;

import java.util.Optional;

/**
 * The workspace's own answers about people and their permissions: the bot asks them before it acts
 * for someone, so it never gives a person more than Databricks does. Failures are
 * {@link io.sparkadvisor.databricks.WorkspaceException}s (a job or table that does not exist:
 * {@link io.sparkadvisor.databricks.WorkspaceNotFoundException}; the advisor may not read the
 * answer: {@link io.sparkadvisor.databricks.WorkspacePermissionException}).
 */
public interface Access {
    /** The workspace user whose SCIM {@code userName} is {@code email} (any case), with their groups; empty when none. */
    Optional<Principal> userByEmail(String email);

    JobAcl jobAcl(long jobId);

    /** The effective privileges of {@code principal} (a user name or group) on table {@code catalog.schema.table}. */
    TablePrivileges onTable(String fullName, String principal);
}
