package io.sparkadvisor.databricks.access;

import com.databricks.sdk.service.jobs.JobAccessControlResponse;
import com.databricks.sdk.service.jobs.JobPermissions;
import java.util.Collection;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Who may do what on one job ({@code GET /api/2.0/permissions/jobs/{id}}): each grantee with every
 * level it holds, directly or inherited. Workspace admins manage every job whatever the list says.
 */
public record JobAcl(long jobId, List<Grant> grants) {
    public enum Grantee { USER, GROUP, SERVICE_PRINCIPAL }

    public record Grant(Grantee grantee, String name, Set<JobPermission> levels) {
        public Grant {
            levels = Set.copyOf(levels);
        }

        boolean covers(JobPermission needed) {
            return levels.stream().anyMatch(l -> l.covers(needed));
        }
    }

    public JobAcl {
        grants = List.copyOf(grants);
    }

    public static JobAcl of(long jobId, JobPermissions answer) {
        List<Grant> grants = Optional.ofNullable(answer.getAccessControlList()).stream().flatMap(Collection::stream)
                .map(JobAcl::grant).flatMap(Optional::stream).toList();
        return new JobAcl(jobId, grants);
    }

    private static Optional<Grant> grant(JobAccessControlResponse entry) {
        Set<JobPermission> levels = Optional.ofNullable(entry.getAllPermissions()).stream().flatMap(Collection::stream)
                .map(p -> p.getPermissionLevel()).filter(Objects::nonNull).map(l -> JobPermission.valueOf(l.name()))
                .collect(Collectors.toSet());
        if (entry.getUserName() != null) {
            return Optional.of(new Grant(Grantee.USER, entry.getUserName(), levels));
        }
        if (entry.getGroupName() != null) {
            return Optional.of(new Grant(Grantee.GROUP, entry.getGroupName(), levels));
        }
        return Optional.ofNullable(entry.getServicePrincipalName()).map(sp -> new Grant(Grantee.SERVICE_PRINCIPAL, sp, levels));
    }

    /** Whether {@code person} holds {@code needed} (or more) on the job: by name, through a group, or as an admin. */
    public boolean allows(Principal person, JobPermission needed) {
        return person.isAdmin() || grants.stream().filter(g -> applies(g, person)).anyMatch(g -> g.covers(needed));
    }

    /** Whether the group (every member of it) holds {@code needed} on the job. */
    public boolean allowsGroup(String group, JobPermission needed) {
        return grants.stream().anyMatch(g -> g.grantee() == Grantee.GROUP && g.name().equals(group) && g.covers(needed));
    }

    private static boolean applies(Grant grant, Principal person) {
        return switch (grant.grantee()) {
            case USER -> grant.name().equalsIgnoreCase(person.userName());
            case GROUP -> person.inGroup(grant.name());
            case SERVICE_PRINCIPAL -> false;
        };
    }
}
