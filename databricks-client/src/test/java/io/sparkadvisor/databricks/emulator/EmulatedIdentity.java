package io.sparkadvisor.databricks.emulator;

/**
 * SCIM {@code Me} (what {@code currentUser().me()} calls), answered with the
 * {@code X-Databricks-Org-Id} header a real workspace puts on it: the workspace id that its run
 * links carry as {@code ?o=}. Another id can be set to play a different workspace.
 */
final class EmulatedIdentity {
    static final String ORG_ID_HEADER = "X-Databricks-Org-Id";

    private volatile long workspaceId = WorkspaceEmulator.WORKSPACE_ID;
    private volatile boolean sendsOrgId = true;

    void workspaceId(long id) {
        workspaceId = id;
    }

    /** Off plays a workspace (or a proxy in front of it) whose answers say nothing of its id. */
    void sendsOrgId(boolean sends) {
        sendsOrgId = sends;
    }

    Answer handle(Call call) {
        if (!(call.method() + " " + call.path()).equals("GET /api/2.0/preview/scim/v2/Me")) {
            return null;
        }
        Answer me = Answer.json(Folder.JSON.createObjectNode().put("id", "1001").put("userName", "advisor@example.com")
                .put("active", true));
        return sendsOrgId ? me.withHeader(ORG_ID_HEADER, String.valueOf(workspaceId)) : me;
    }
}
