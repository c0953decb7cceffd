package io.sparkadvisor.databricks.resolve;

/** What a user's text asks for, before any call to the workspace. */
public sealed interface RunQuery {
    /**
     * A run page link, current ({@code /jobs/7/runs/42?o=1}) or legacy ({@code /?o=1#job/7/run/42}).
     *
     * @param host        {@code host[:port]} of the link, lower case, as {@link WorkspaceIdentity#host()}
     * @param workspaceId its {@code o=}, or null when it has none
     */
    record RunLink(String host, long jobId, long runId, Long workspaceId) implements RunQuery {
    }

    /** {@code run:42}. */
    record RunId(long runId) implements RunQuery {
    }

    /** {@code job:7}: its latest completed run. */
    record JobId(long jobId) implements RunQuery {
    }

    /** A bare number: a run id if such a run exists, else a job id. */
    record RunOrJobId(long id) implements RunQuery {
    }

    /** {@code job:nightly etl} or any other text: the latest completed run of the job with that name. */
    record JobName(String name) implements RunQuery {
    }
}
