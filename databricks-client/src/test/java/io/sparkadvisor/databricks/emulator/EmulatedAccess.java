package io.sparkadvisor.databricks.emulator;

import com.databricks.sdk.service.iam.User;
import com.databricks.sdk.service.jobs.JobPermissions;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.sparkadvisor.databricks.SdkJson;
import io.sparkadvisor.databricks.access.JobAcl;
import io.sparkadvisor.databricks.access.JobPermission;
import io.sparkadvisor.databricks.access.Principal;
import io.sparkadvisor.databricks.access.RecordedAccess;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * People and permissions as the workspace answers them, from the folder's {@code users/},
 * {@code permissions/jobs/}, {@code tables/} and {@code grants/} ({@link RecordedAccess}): SCIM
 * {@code Users} (list shape, {@code userName eq} filter, paging by startIndex), a job's permissions
 * and Unity Catalog effective permissions of a table. Reading permissions takes a workspace admin
 * (or CAN MANAGE on the job): when the advisor is not one, they are refused with 403 as the real
 * service refuses them.
 */
final class EmulatedAccess {
    static final String ADVISOR = "advisor@example.com";
    /** The emulator keeps a {@code +} of the query literal, and the SDK sends spaces as {@code +}: both separate here. */
    private static final Pattern USER_NAME_EQ = Pattern.compile("userName[ +]eq[ +]\"((?:[^\"\\\\]|\\\\.)*)\"", Pattern.CASE_INSENSITIVE);
    private static final Pattern JOB_PERMISSIONS = Pattern.compile("/api/2\\.0/permissions/jobs/([^/]+)");
    private static final Pattern EFFECTIVE = Pattern.compile("/api/2\\.1/unity-catalog/effective-permissions/([^/]+)/([^/]+)");
    private static final String LIST_SCHEMA = "urn:ietf:params:scim:api:messages:2.0:ListResponse";

    private final RecordedAccess recorded;
    private volatile boolean advisorIsAdmin = true;

    EmulatedAccess(Folder folder) {
        this.recorded = new RecordedAccess(folder.root());
    }

    void advisorIsAdmin(boolean admin) {
        advisorIsAdmin = admin;
    }

    Answer handle(Call call) {
        if (!call.method().equals("GET")) {
            return null;
        }
        if (call.path().equals("/api/2.0/preview/scim/v2/Users")) {
            return users(call);
        }
        Matcher job = JOB_PERMISSIONS.matcher(call.path());
        if (job.matches()) {
            return jobPermissions(job.group(1));
        }
        Matcher effective = EFFECTIVE.matcher(call.path());
        return effective.matches() ? effective(effective.group(1), effective.group(2), call.param("principal")) : null;
    }

    private Answer users(Call call) {
        String filter = call.param("filter");
        List<User> matching;
        if (filter == null) {
            matching = recorded.users();
        } else {
            Matcher eq = USER_NAME_EQ.matcher(filter.trim());
            if (!eq.matches()) {
                return Answer.error(400, "INVALID_PARAMETER_VALUE", "Unsupported filter: " + filter);
            }
            matching = recorded.user(eq.group(1).replaceAll("\\\\(.)", "$1")).stream().toList();
        }
        long start = Math.max(1, call.longParam("startIndex", 1));
        long count = call.longParam("count", 10_000);
        List<User> page = matching.stream().skip(start - 1).limit(count).toList();
        ObjectNode answer = Folder.JSON.createObjectNode().put("totalResults", matching.size()).put("startIndex", start)
                .put("itemsPerPage", page.size());
        answer.putArray("schemas").add(LIST_SCHEMA);
        if (!page.isEmpty()) {   // an empty page has no Resources at all, as the service answers
            ArrayNode resources = answer.putArray("Resources");
            page.forEach(u -> resources.add(attributes(SdkJson.object(SdkJson.write(u), "user"), call.param("attributes"))));
        }
        return Answer.json(answer);
    }

    /** SCIM's {@code attributes}: only those (and the id) come back. */
    private static ObjectNode attributes(ObjectNode user, String attributes) {
        if (attributes == null || attributes.isBlank()) {
            return user;
        }
        Set<String> keep = Arrays.stream(attributes.split(",")).map(String::trim).collect(Collectors.toSet());
        List<String> names = new java.util.ArrayList<>();
        user.fieldNames().forEachRemaining(names::add);
        user.retain(names.stream().filter(k -> k.equals("id") || keep.contains(k)).toList());
        return user;
    }

    private Answer jobPermissions(String id) {
        if (!id.matches("\\d+")) {
            return Answer.error(400, "INVALID_PARAMETER_VALUE", "Invalid job id: " + id);
        }
        long jobId = Long.parseLong(id);
        JobPermissions acl = recorded.jobPermissions(jobId).orElse(null);
        if (acl == null) {
            return Answer.error(404, "RESOURCE_DOES_NOT_EXIST", "Job " + id + " does not exist.");
        }
        Principal advisor = new Principal("1001", ADVISOR, null, advisorIsAdmin ? Set.of(Principal.ADMINS) : Set.of());
        if (!JobAcl.of(jobId, acl).allows(advisor, JobPermission.CAN_MANAGE)) {
            return Answer.error(403, "PERMISSION_DENIED", "User " + ADVISOR + " does not have Manage permissions on Job " + id + ".");
        }
        return Answer.json(200, SdkJson.write(acl));
    }

    private Answer effective(String securableType, String fullName, String principal) {
        if (!securableType.equalsIgnoreCase("table")) {
            return Answer.error(400, "INVALID_PARAMETER_VALUE", "Only tables are emulated, not " + securableType + ".");
        }
        if (!advisorIsAdmin) {
            return Answer.error(403, "PERMISSION_DENIED", "User does not have MANAGE on Table '" + fullName + "'.");
        }
        return recorded.effective(fullName, principal == null ? ADVISOR : principal)
                .map(list -> Answer.json(200, SdkJson.write(list)))
                .orElseGet(() -> Answer.error(404, "TABLE_DOES_NOT_EXIST", "Table '" + fullName + "' does not exist."));
    }
}
