package io.sparkadvisor.databricks.resolve;

import io.sparkadvisor.databricks.WorkspaceException;
import java.util.List;

/** Several jobs share the name the user typed; they must pick one by id. */
public class AmbiguousJobNameException extends WorkspaceException {
    public AmbiguousJobNameException(String name, List<Long> jobIds) {
        super(jobIds.size() + " jobs are named \"" + name + "\" (ids " + jobIds + "). Ask with job:<id> instead.");
    }
}
