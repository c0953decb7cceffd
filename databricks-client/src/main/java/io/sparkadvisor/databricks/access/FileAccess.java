package io.sparkadvisor.databricks.access;

import io.sparkadvisor.databricks.WorkspaceNotFoundException;
import java.nio.file.Path;
import java.util.Optional;

/** {@link Access} of a workspace recorded in a folder ({@code --workspace-dir}); see {@link RecordedAccess} for the files. */
public final class FileAccess implements Access {
    private final RecordedAccess recorded;
    private final Path root;

    public FileAccess(Path root) {
        this.root = root;
        this.recorded = new RecordedAccess(root);
    }

    @Override
    public Optional<Principal> userByEmail(String email) {
        return recorded.user(email).map(Principal::of);
    }

    @Override
    public JobAcl jobAcl(long jobId) {
        return JobAcl.of(jobId, recorded.jobPermissions(jobId).orElseThrow(() ->
                new WorkspaceNotFoundException("Job " + jobId + " is not recorded in " + root + " (no jobs/" + jobId + ".json).")));
    }

    @Override
    public TablePrivileges onTable(String fullName, String principal) {
        return TablePrivileges.of(fullName, principal, recorded.effective(fullName, principal).orElseThrow(() ->
                new WorkspaceNotFoundException("Table " + fullName + " is not recorded in " + root + " (no tables/" + fullName + ".json).")));
    }
}
