package io.sparkadvisor.databricks.emulator;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Locale;
import java.util.Map;

/**
 * Writes people and permissions into an emulated workspace in the folder layout
 * (databricks-client/WORKSPACE-DIR.md): SCIM users with their groups, a job's access control list,
 * Unity Catalog grants (the tables themselves: {@link WorkspaceEmulator#addTable}).
 */
public final class RecordedPeople {
    private RecordedPeople() {
    }

    /** A workspace user {@code email} (their SCIM userName) in {@code groups}. */
    public static void user(WorkspaceEmulator emulator, String email, String... groups) {
        ObjectNode user = Folder.JSON.createObjectNode().put("id", Integer.toString(Math.abs(email.hashCode())))
                .put("userName", email).put("displayName", email.replaceFirst("@.*", "")).put("active", true);
        ArrayNode memberOf = user.putArray("groups");
        for (String group : groups) {
            memberOf.addObject().put("display", group).put("value", "g-" + group).put("type", "direct");
        }
        emulator.putJson("users/" + email.toLowerCase(Locale.ROOT) + ".json", user.toString());
    }

    /**
     * The job's access control list: each grantee (a user's email, or a group's name) with its level
     * ({@code CAN_VIEW}, {@code CAN_MANAGE_RUN}, {@code CAN_MANAGE}, {@code IS_OWNER}); the admins group
     * manages it, inherited, as in every workspace.
     */
    public static void jobAcl(WorkspaceEmulator emulator, long jobId, Map<String, String> levels) {
        ObjectNode acl = Folder.JSON.createObjectNode().put("object_id", "/jobs/" + jobId).put("object_type", "job");
        ArrayNode entries = acl.putArray("access_control_list");
        levels.forEach((grantee, level) -> entries.addObject().put(grantee.contains("@") ? "user_name" : "group_name", grantee)
                .putArray("all_permissions").addObject().put("permission_level", level).put("inherited", false));
        ObjectNode admins = entries.addObject().put("group_name", "admins");
        admins.putArray("all_permissions").addObject().put("permission_level", "CAN_MANAGE").put("inherited", true)
                .putArray("inherited_from_object").add("/jobs/");
        emulator.putJson("permissions/jobs/" + jobId + ".json", acl.toString());
    }

    /** Grants {@code privileges} on a catalog, schema or table to {@code principal}, beside the grants recorded before. */
    public static void grant(WorkspaceEmulator emulator, String securable, String principal, String... privileges) {
        String file = "grants/" + securable.toLowerCase(Locale.ROOT) + ".json";
        ObjectNode grants = new Folder(emulator.root()).read(file).orElseGet(Folder.JSON::createObjectNode);
        ObjectNode assignment = grants.withArray("privilege_assignments").addObject().put("principal", principal);
        ArrayNode list = assignment.putArray("privileges");
        for (String p : privileges) {
            list.add(p);
        }
        emulator.putJson(file, grants.toString());
    }
}
