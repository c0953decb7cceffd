package io.sparkadvisor.databricks.workspace;

import io.sparkadvisor.databricks.WorkspaceException;
import java.nio.file.Path;

/** Paths inside a recorded workspace folder. */
public final class FolderPaths {
    private FolderPaths() {
    }

    /** Recorded names come from users (ids, emails, table names): never let one point outside the folder. */
    public static Path inside(Path root, String relative) {
        Path path = root.resolve(relative).normalize();
        if (!path.startsWith(root)) {
            throw new WorkspaceException("Path " + relative + " leaves the workspace folder " + root);
        }
        return path;
    }
}
