package io.sparkadvisor.databricks.billing;

import io.sparkadvisor.databricks.WorkspaceException;
import java.util.regex.Pattern;

/** The warehouse ran the statement and reported FAILED, CANCELED or CLOSED, or it did not finish in time. */
public class StatementFailedException extends WorkspaceException {
    /** What stopped it, as far as the API's answer tells. */
    public enum Kind {
        /** The identity lacks a privilege on a table or path the statement reads. */
        MISSING_PRIVILEGE,
        /** The identity may not use the warehouse at all (HTTP 403 on submit). */
        NO_WAREHOUSE_ACCESS,
        /** A table or schema the statement names does not exist (or is not visible). */
        NOT_FOUND,
        /** Still running when its time budget ended: cancelled. */
        OVER_BUDGET,
        OTHER
    }

    /** How Databricks SQL words a missing grant: Unity Catalog's error class and the table-ACL sentence. */
    private static final Pattern MISSING_PRIVILEGE = Pattern.compile(
            "INSUFFICIENT_PERMISSIONS|PERMISSION_DENIED|does not have (privilege )?\\w+ (on|privilege)");
    private static final Pattern NOT_FOUND = Pattern.compile("TABLE_OR_VIEW_NOT_FOUND|SCHEMA_NOT_FOUND|PATH_NOT_FOUND");

    private final Kind kind;

    public StatementFailedException(String message) {
        this(Kind.OTHER, message);
    }

    public StatementFailedException(Kind kind, String message) {
        super(message);
        this.kind = kind;
    }

    /** A FAILED statement's kind from the warehouse's error message. */
    static Kind kindOf(String warehouseMessage) {
        String m = String.valueOf(warehouseMessage);
        return MISSING_PRIVILEGE.matcher(m).find() ? Kind.MISSING_PRIVILEGE : NOT_FOUND.matcher(m).find() ? Kind.NOT_FOUND : Kind.OTHER;
    }

    public Kind kind() {
        return kind;
    }
}
