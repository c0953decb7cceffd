package io.sparkadvisor.databricks.access;

import com.databricks.sdk.WorkspaceClient;
import com.databricks.sdk.service.catalog.GetEffectiveRequest;
import com.databricks.sdk.service.iam.ListUsersRequest;
import io.sparkadvisor.databricks.SdkCalls;
import java.util.Optional;
import java.util.stream.StreamSupport;

/** {@link Access} of a live workspace, through the SDK: SCIM users, job permissions, Unity Catalog effective permissions. */
public final class SdkAccess implements Access {
    /** Only what a decision needs: SCIM otherwise sends entitlements, emails and roles too. */
    private static final String USER_ATTRIBUTES = "id,userName,displayName,groups";

    private final WorkspaceClient client;

    public SdkAccess(WorkspaceClient client) {
        this.client = client;
    }

    /** The filter matches one user at most, so the first page is the answer: no second request for an empty page. */
    @Override
    public Optional<Principal> userByEmail(String email) {
        ListUsersRequest request = new ListUsersRequest().setFilter("userName eq " + scimString(email)).setAttributes(USER_ATTRIBUTES);
        return SdkCalls.read("the workspace user " + email, () -> StreamSupport.stream(client.users().list(request).spliterator(), false)
                .findFirst().map(Principal::of));
    }

    @Override
    public JobAcl jobAcl(long jobId) {
        return JobAcl.of(jobId, SdkCalls.read("the permissions of job " + jobId, () -> client.jobs().getPermissions(Long.toString(jobId))));
    }

    @Override
    public TablePrivileges onTable(String fullName, String principal) {
        GetEffectiveRequest request = new GetEffectiveRequest().setSecurableType("table").setFullName(fullName).setPrincipal(principal);
        return TablePrivileges.of(fullName, principal, SdkCalls.read("the grants on table " + fullName, () -> client.grants().getEffective(request)));
    }

    /** A SCIM filter string: quoted, with quotes and backslashes escaped (an email cannot widen the filter). */
    static String scimString(String value) {
        return "\"" + value.replace("\\", "\\\\").replace("\"", "\\\"") + "\"";
    }
}
